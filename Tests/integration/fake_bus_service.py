"""The shared part of the stand-ins for desktop services on the test
session bus: a service that owns a well-known name and answers one
interface on a thread of its own, so Hark's synchronous calls to it never
wait for the test."""
import os
import threading

from gi.repository import Gio, GLib


class FakeBusService:
    """Owns `name` and serves the first interface of `xml` at `path`;
    subclasses answer calls in `handle` (under `self.lock`) and return the
    reply's GLib.Variant, or None for no values."""

    def __init__(self, name, path, xml, what):
        self.lock = threading.Lock()
        self._name, self._path, self._xml = name, path, xml
        self._ready = threading.Event()
        self._context = GLib.MainContext.new()
        self._loop = GLib.MainLoop.new(self._context, False)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(10), f"the fake {what} did not start"

    def _run(self):
        self._context.push_thread_default()
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self._bus = Gio.DBusConnection.new_for_address_sync(os.environ["DBUS_SESSION_BUS_ADDRESS"], flags, None, None)
        node = Gio.DBusNodeInfo.new_for_xml(self._xml)
        self._bus.register_object(self._path, node.interfaces[0], self._call, None, None)
        Gio.bus_own_name_on_connection(self._bus, self._name, Gio.BusNameOwnerFlags.NONE,
                                       lambda *a: self._ready.set(), None)
        self._loop.run()

    def _call(self, connection, sender, path, interface, method, parameters, invocation):
        with self.lock:
            reply = self.handle(method, parameters.unpack())
        invocation.return_value(reply)

    def handle(self, method, args):
        raise NotImplementedError

    def stop(self):
        self._context.invoke_full(GLib.PRIORITY_DEFAULT, lambda: (self._bus.close_sync(None), self._loop.quit()))
        self._thread.join(5)
