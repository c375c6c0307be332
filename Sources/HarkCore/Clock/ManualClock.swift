import Foundation

/// A clock that only moves when told to. Timers fire inside `advance(by:)`, in
/// deadline order, with `now` set to each timer's deadline while it fires.
@MainActor
public final class ManualClock: SchedulingClock {
  private let start: Date
  // Time is kept as a Duration from `start`, not a Date: Duration is exact, so a
  // deadline is hit exactly and repeated intervals do not drift.
  private var elapsed: Duration = .zero
  private var timers: [ManualTimer] = []
  private var nextSequence = 0

  /// A clock reading `start` until advanced.
  public init(start: Date = Date(timeIntervalSince1970: 0)) {
    self.start = start
  }

  /// The virtual time.
  public var now: Date { start.addingTimeInterval(elapsed.seconds) }

  /// How many timers are waiting to fire (repeating ones count until cancelled).
  public var pendingTimerCount: Int { timers.count }

  /// Schedules `fire` at `now + delay`. A negative delay counts as zero. A
  /// repeating timer needs a positive delay, or `advance` would never finish.
  public func schedule(
    after delay: Duration, repeating: Bool, _ fire: @escaping @MainActor () -> Void
  ) -> any ScheduledTimer {
    precondition(!repeating || delay > .zero, "a repeating timer needs a positive interval")
    let interval = max(delay, .zero)
    let timer = ManualTimer(
      clock: self, deadline: elapsed + interval, interval: interval,
      repeating: repeating, sequence: takeSequence(), fire: fire)
    timers.append(timer)
    return timer
  }

  /// Moves time forward by `duration`, firing every timer that falls due on the
  /// way, including timers scheduled by a firing timer within the window. Ties
  /// fire in scheduling order.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "time only moves forward")
    let target = elapsed + duration
    while let timer = nextDue(by: target) {
      elapsed = timer.deadline
      if timer.repeating {
        // Rescheduled as if newly scheduled now, so a timer set for the same
        // instant before this one fires first.
        timer.deadline += timer.interval
        timer.sequence = takeSequence()
      } else {
        remove(timer)
      }
      timer.fire()
    }
    elapsed = target
  }

  func remove(_ timer: ManualTimer) {
    timers.removeAll { $0 === timer }
  }

  private func nextDue(by target: Duration) -> ManualTimer? {
    timers
      .filter { $0.deadline <= target }
      .min { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
  }

  private func takeSequence() -> Int {
    nextSequence += 1
    return nextSequence
  }
}

/// A timer on a `ManualClock`.
@MainActor
final class ManualTimer: ScheduledTimer {
  private weak var clock: ManualClock?
  var deadline: Duration
  let interval: Duration
  let repeating: Bool
  var sequence: Int
  let fire: @MainActor () -> Void

  init(
    clock: ManualClock, deadline: Duration, interval: Duration, repeating: Bool,
    sequence: Int, fire: @escaping @MainActor () -> Void
  ) {
    self.clock = clock
    self.deadline = deadline
    self.interval = interval
    self.repeating = repeating
    self.sequence = sequence
    self.fire = fire
  }

  func cancel() {
    clock?.remove(self)
    clock = nil
  }
}
