"""A stand-in for GNOME Shell's notification service on the test session
bus (`org.gtk.Notifications`, which GApplication uses when the name has an
owner): it records each notification an application adds or removes."""
import os
import threading

from gi.repository import Gio, GLib

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


class FakeNotifications:
    def __init__(self):
        self.shown = {}  # (app_id, id) -> notification dict (title, body, buttons, default-action…)
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.context = GLib.MainContext.new()
        self.loop = GLib.MainLoop.new(self.context, False)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "the fake notification service did not start"

    def _run(self):
        self.context.push_thread_default()
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.bus = Gio.DBusConnection.new_for_address_sync(os.environ["DBUS_SESSION_BUS_ADDRESS"], flags, None, None)
        node = Gio.DBusNodeInfo.new_for_xml(XML)
        self.bus.register_object("/org/gtk/Notifications", node.interfaces[0], self._call, None, None)
        Gio.bus_own_name_on_connection(self.bus, "org.gtk.Notifications", Gio.BusNameOwnerFlags.NONE,
                                       lambda *a: self.ready.set(), None)
        self.loop.run()

    def _call(self, connection, sender, path, interface, method, parameters, invocation):
        args = parameters.unpack()
        with self.lock:
            if method == "AddNotification":
                self.shown[(args[0], args[1])] = args[2]
            elif method == "RemoveNotification":
                self.shown.pop((args[0], args[1]), None)
        invocation.return_value(None)

    def notifications(self):
        with self.lock:
            return dict(self.shown)

    def stop(self):
        self.context.invoke_full(GLib.PRIORITY_DEFAULT, lambda: (self.bus.close_sync(None), self.loop.quit()))
        self.thread.join(5)
