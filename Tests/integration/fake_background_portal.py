"""A stand-in for xdg-desktop-portal's Background portal on the test
session bus: it records each RequestBackground an app makes (a Flatpak app
asks it before running with no window open) and answers with a request
handle, as the portal does."""
from gi.repository import GLib

from fake_bus_service import FakeBusService

XML = """
<node>
  <interface name="org.freedesktop.portal.Background">
    <method name="RequestBackground">
      <arg direction="in" type="s" name="parent_window"/>
      <arg direction="in" type="a{sv}" name="options"/>
      <arg direction="out" type="o" name="handle"/>
    </method>
  </interface>
</node>
"""


class FakeBackgroundPortal(FakeBusService):
    def __init__(self):
        self.requests = []  # (parent_window, options)
        super().__init__("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", XML,
                         "Background portal")

    def handle(self, method, args):
        self.requests.append(tuple(args))
        return GLib.Variant("(o)", (f"/org/freedesktop/portal/desktop/request/1_1/hark{len(self.requests)}",))

    def asked(self):
        with self.lock:
            return list(self.requests)
