"""A stand-in for GNOME's session manager on the test session bus, enough
for GTK's GtkApplication: it registers clients and records every inhibit
(application, reason, flags) and uninhibit, as gnome-session would honour
them (on a thread of its own: `FakeBusService`)."""
from gi.repository import GLib

from fake_bus_service import FakeBusService

XML = """
<node>
  <interface name="org.gnome.SessionManager">
    <method name="RegisterClient">
      <arg direction="in" type="s" name="app_id"/>
      <arg direction="in" type="s" name="client_startup_id"/>
      <arg direction="out" type="o" name="client_id"/>
    </method>
    <method name="Inhibit">
      <arg direction="in" type="s" name="app_id"/>
      <arg direction="in" type="u" name="toplevel_xid"/>
      <arg direction="in" type="s" name="reason"/>
      <arg direction="in" type="u" name="flags"/>
      <arg direction="out" type="u" name="inhibit_cookie"/>
    </method>
    <method name="Uninhibit">
      <arg direction="in" type="u" name="inhibit_cookie"/>
    </method>
    <method name="IsInhibited">
      <arg direction="in" type="u" name="flags"/>
      <arg direction="out" type="b" name="is_inhibited"/>
    </method>
  </interface>
</node>
"""
SUSPEND = 4  # GTK_APPLICATION_INHIBIT_SUSPEND


class FakeSessionManager(FakeBusService):
    def __init__(self):
        self.inhibitors = {}  # cookie -> (app_id, reason, flags)
        self.last_cookie = 0
        super().__init__("org.gnome.SessionManager", "/org/gnome/SessionManager", XML, "session manager")

    def handle(self, method, args):
        if method == "RegisterClient":
            return GLib.Variant("(o)", ("/org/gnome/SessionManager/Client1",))
        if method == "Inhibit":
            self.last_cookie += 1
            self.inhibitors[self.last_cookie] = (args[0], args[2], args[3])
            return GLib.Variant("(u)", (self.last_cookie,))
        if method == "Uninhibit":
            self.inhibitors.pop(args[0], None)
            return None
        if method == "IsInhibited":
            return GLib.Variant("(b)", (any(f & args[0] for _, _, f in self.inhibitors.values()),))
        return None

    def suspend_inhibitors(self):
        with self.lock:
            return [(app, reason) for app, reason, flags in self.inhibitors.values() if flags & SUSPEND]
