import CGLib

/// A GLib timeout on the default main context that runs a main-actor closure.
///
/// GLib owns the closure box and releases it in the source's destroy notify,
/// the same lifetime rule as signal handlers. `cancel()` is safe at any time,
/// including after a one-shot timeout has fired.
@MainActor
public final class Timeout {
  private final class Box {
    let fire: @MainActor () -> Void
    let repeating: Bool
    var sourceID: guint = 0
    init(_ fire: @escaping @MainActor () -> Void, repeating: Bool) {
      self.fire = fire
      self.repeating = repeating
    }
  }

  private weak var box: Box?

  /// Starts a timeout of `milliseconds`; `repeating` keeps it going until
  /// `cancel()`.
  public init(milliseconds: UInt32, repeating: Bool, _ fire: @escaping @MainActor () -> Void) {
    let box = Box(fire, repeating: repeating)
    self.box = box
    let data = Unmanaged.passRetained(box).toOpaque()
    box.sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
      let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
      return MainActor.assumeIsolated {
        box.fire()
        return box.repeating ? hark_source_continue() : hark_source_remove()
      }
    }, data, { data in
      // The source is gone: release the closure.
      Unmanaged<Box>.fromOpaque(data!).release()
    })
  }

  /// Whether the timeout is still scheduled.
  public var isActive: Bool { box != nil }

  public func cancel() {
    // A live box means the source still exists (its destroy notify has not run).
    guard let box else { return }
    g_source_remove(box.sourceID)
  }
}
