"""A stand-in for GNOME Shell's notification service on the test session
bus (`org.gtk.Notifications`, which GApplication uses when the name has an
owner): it records each notification an application adds or removes."""
from fake_bus_service import FakeBusService

XML = """
<node>
  <interface name="org.gtk.Notifications">
    <method name="AddNotification">
      <arg direction="in" type="s" name="app_id"/>
      <arg direction="in" type="s" name="id"/>
      <arg direction="in" type="a{sv}" name="notification"/>
    </method>
    <method name="RemoveNotification">
      <arg direction="in" type="s" name="app_id"/>
      <arg direction="in" type="s" name="id"/>
    </method>
  </interface>
</node>
"""


class FakeNotifications(FakeBusService):
    def __init__(self):
        self.shown = {}  # (app_id, id) -> notification dict (title, body, buttons, default-action…)
        super().__init__("org.gtk.Notifications", "/org/gtk/Notifications", XML, "notification service")

    def handle(self, method, args):
        if method == "AddNotification":
            self.shown[(args[0], args[1])] = args[2]
        elif method == "RemoveNotification":
            self.shown.pop((args[0], args[1]), None)
        return None

    def notifications(self):
        with self.lock:
            return dict(self.shown)

    def wait_for(self, hark, id_prefix, timeout=30):
        """The first of Hark's notifications whose id starts with
        `id_prefix`, once it is shown (fails after `timeout` s)."""
        shown = []

        def notified():
            shown[:] = [n for (app, nid), n in self.notifications().items()
                        if app == "dev.hark.Hark" and nid.startswith(id_prefix)]
            return bool(shown)
        hark.wait_until(notified, timeout=timeout)
        return shown[0]
