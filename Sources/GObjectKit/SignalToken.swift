import CGLib

/// Owns a Swift closure for as long as GLib keeps its signal handler.
///
/// GLib holds the only strong reference (passed retained as user data) and
/// releases it in the destroy notify, which runs when the handler is
/// disconnected or the instance is finalized.
final class SignalClosureBox<Callback> {
  let callback: Callback
  init(_ callback: Callback) { self.callback = callback }
}

/// A handle on one connected signal handler.
///
/// Dropping the token does not disconnect (most handlers should live as long
/// as their widget); call `disconnect()` to end one early. The token holds the
/// closure box weakly: once GLib has destroyed the handler the box is gone and
/// `disconnect()` does nothing, so a token that outlives its object is safe.
public final class SignalToken {
  private let instance: UnsafeMutableRawPointer
  private let handlerID: gulong
  private weak var box: AnyObject?

  init(instance: UnsafeMutableRawPointer, handlerID: gulong, box: AnyObject) {
    self.instance = instance
    self.handlerID = handlerID
    self.box = box
  }

  /// Whether GLib still holds the handler (and with it the closure).
  public var isConnected: Bool { box != nil }

  /// Disconnects the handler; GLib then releases the closure.
  public func disconnect() {
    // A live box proves the handler, and so the instance, still exist.
    guard box != nil else { return }
    g_signal_handler_disconnect(instance.assumingMemoryBound(to: GObject.self), handlerID)
  }
}
