import Foundation

/// The source of time and timers for effects. The live clock (GLib timeouts on
/// the main loop) lives in the GObject layer; tests use `ManualClock`, so timer
/// behaviour is checked in virtual time without sleeping.
@MainActor
public protocol SchedulingClock: AnyObject {
  /// The current time.
  var now: Date { get }

  /// Calls `fire` once `delay` has passed, and then every `delay` if `repeating`,
  /// until the returned timer is cancelled.
  func schedule(
    after delay: Duration, repeating: Bool, _ fire: @escaping @MainActor () -> Void
  ) -> any ScheduledTimer
}

/// A timer handed out by a `SchedulingClock`.
@MainActor
public protocol ScheduledTimer: AnyObject {
  /// Stops the timer; it never fires afterwards. Cancelling twice is harmless.
  func cancel()
}

extension Duration {
  /// The duration in seconds, for arithmetic with `Date` and Dispatch deadlines.
  public var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
