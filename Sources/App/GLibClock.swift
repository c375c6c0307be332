import CGLib
import Foundation
import GObjectKit
import HarkCore

/// The live `SchedulingClock`: wall time from the system, timers as GLib
/// timeouts on the main loop (so a fired timer runs between GTK events, and
/// nothing wakes the process while no timer is scheduled).
@MainActor
final class GLibClock: SchedulingClock {
  var now: Date { Date() }

  func schedule(after delay: Duration, repeating: Bool, _ fire: @escaping @MainActor () -> Void)
    -> any ScheduledTimer
  {
    let milliseconds = max(0, delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
    return GLibTimer(Timeout(milliseconds: UInt32(clamping: milliseconds), repeating: repeating, fire))
  }
}

@MainActor
private final class GLibTimer: ScheduledTimer {
  private let timeout: Timeout
  init(_ timeout: Timeout) { self.timeout = timeout }
  func cancel() { timeout.cancel() }
}
