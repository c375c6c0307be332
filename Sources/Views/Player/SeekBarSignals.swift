import CAdw
import CGtk
import GObjectKit

/// The two signal shapes the seek bar needs that GObjectKit's typed
/// `Signals` does not offer, both returning a gboolean that GTK acts on:
/// GtkRange's `change-value` and GtkEventControllerLegacy's `event`. A
/// handler that returned nothing would leave garbage in the return
/// register, which GTK would read as "handled" at random.
///
/// Same lifetime rule as `Signals`: GLib owns the closure box and releases
/// it when the handler is destroyed with its instance.
@MainActor
enum SeekBarSignals {
  /// `gboolean change_value(GtkRange *, GtkScrollType, double, gpointer)`:
  /// the listener moved the slider (pointer, keys, wheel). Return true to
  /// stop GTK setting the value itself.
  static func onChangeValue(_ range: Widget, _ handler: @escaping @MainActor (GtkScrollType, Double) -> Bool) {
    typealias Handler = @MainActor (GtkScrollType, Double) -> Bool
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, GtkScrollType, Double, UnsafeMutableRawPointer?) ->
      gboolean = { _, scroll, value, data in
        let box = Unmanaged<Box<Handler>>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { box.handler(scroll, value) } ? 1 : 0
      }
    attach(range, "change-value", Box<Handler>(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `gboolean event(GtkEventControllerLegacy *, GdkEvent *, gpointer)`:
  /// every raw event the controller sees. Return false to let it go on.
  static func onEvent(_ controller: OpaquePointer, _ handler: @escaping @MainActor (OpaquePointer) -> Bool) {
    typealias Handler = @MainActor (OpaquePointer) -> Bool
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean =
      { _, event, data in
        let box = Unmanaged<Box<Handler>>.fromOpaque(data!).takeUnretainedValue()
        guard let event else { return 0 }
        nonisolated(unsafe) let sendableEvent = event
        return MainActor.assumeIsolated { box.handler(sendableEvent) } ? 1 : 0
      }
    attach(UnsafeMutableRawPointer(controller), "event", Box<Handler>(handler),
      unsafeBitCast(trampoline, to: GCallback.self))
  }

  private final class Box<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
  }

  private static func attach(_ instance: UnsafeMutableRawPointer, _ signal: String, _ box: AnyObject, _ callback: GCallback)
  {
    let data = Unmanaged.passRetained(box).toOpaque()
    let release: GClosureNotify = { data, _ in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
    g_signal_connect_data(instance, signal, callback, data, release, GConnectFlags(0))
  }

  private static func attach(_ instance: Widget, _ signal: String, _ box: AnyObject, _ callback: GCallback) {
    attach(UnsafeMutableRawPointer(instance), signal, box, callback)
  }
}
