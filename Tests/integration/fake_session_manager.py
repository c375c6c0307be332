"""A stand-in for GNOME's session manager on the test session bus, enough
for GTK's GtkApplication: it registers clients and records every inhibit
(application, reason, flags) and uninhibit, as gnome-session would honour
them. It answers on a thread of its own, so Hark's synchronous calls to it
never wait for the test."""
import os
import threading

from gi.repository import Gio, GLib

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


class FakeSessionManager:
    def __init__(self):
        self.inhibitors = {}  # cookie -> (app_id, reason, flags)
        self.last_cookie = 0
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.context = GLib.MainContext.new()
        self.loop = GLib.MainLoop.new(self.context, False)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "the fake session manager did not start"

    def _run(self):
        self.context.push_thread_default()
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.bus = Gio.DBusConnection.new_for_address_sync(os.environ["DBUS_SESSION_BUS_ADDRESS"], flags, None, None)
        node = Gio.DBusNodeInfo.new_for_xml(XML)
        self.bus.register_object("/org/gnome/SessionManager", node.interfaces[0], self._call, None, None)
        Gio.bus_own_name_on_connection(self.bus, "org.gnome.SessionManager", Gio.BusNameOwnerFlags.NONE,
                                       lambda *a: self.ready.set(), None)
        self.loop.run()

    def _call(self, connection, sender, path, interface, method, parameters, invocation):
        args = parameters.unpack()
        with self.lock:
            if method == "RegisterClient":
                invocation.return_value(GLib.Variant("(o)", ("/org/gnome/SessionManager/Client1",)))
            elif method == "Inhibit":
                self.last_cookie += 1
                self.inhibitors[self.last_cookie] = (args[0], args[2], args[3])
                invocation.return_value(GLib.Variant("(u)", (self.last_cookie,)))
            elif method == "Uninhibit":
                self.inhibitors.pop(args[0], None)
                invocation.return_value(None)
            elif method == "IsInhibited":
                invocation.return_value(GLib.Variant("(b)", (any(f & args[0] for _, _, f in self.inhibitors.values()),)))

    def suspend_inhibitors(self):
        with self.lock:
            return [(app, reason) for app, reason, flags in self.inhibitors.values() if flags & SUSPEND]

    def stop(self):
        self.context.invoke_full(GLib.PRIORITY_DEFAULT, lambda: (self.bus.close_sync(None), self.loop.quit()))
        self.thread.join(5)
