import Foundation

/// What the sleep timer shows as its name. An enum rather than text so the
/// interface words (and translates) it.
public enum SleepTimerLabel: Equatable, Sendable {
  /// "30 min".
  case minutes(Int)
  /// "End of chapter N" (index into the book's chapter spans).
  case endOfChapter(Int)
  case endOfBook
}

/// What the sleep timer asks of its owner. While it is active (`isActive`),
/// `tick` wants calling about once a second, and in the minutes mode once
/// more at `endsAt`: the player session does it at each engine report while
/// playing, and on timers it keeps from the timer's state otherwise
/// (`syncSleepTimers`).
public enum SleepTimerOutput: Equatable, Sendable {
  /// Pause playback the way the pause button does.
  case pausePlayback
  /// Output volume, 0...1, during the fade-out and back to 1 after it.
  case setVolume(Double)
}

/// §3: the sleep timer, as a pure state machine driven by 1 s ticks. Every
/// call gets the time (and, where it matters, the playback position and
/// speed), so tests run it in virtual time.
///
/// Two modes: a wall-clock deadline (`endsAt`) for "in N minutes", and a
/// book position (`pauseAtPosition`) for "at the end of chapter N" or "at the
/// end of the book". The position mode pauses by position only, so a speed
/// change never makes it stop early or late; the speed only changes the
/// countdown shown. In the last `fadeOutSeconds` of either, the volume ramps
/// down, one step per tick (the engine may smooth the steps).
public struct SleepTimer: Equatable, Sendable {
  public private(set) var isActive = false
  public private(set) var label: SleepTimerLabel?
  /// Duration mode: when to pause.
  public private(set) var endsAt: Date?
  /// Position mode: the whole-book position to pause at.
  public private(set) var pauseAtPosition: Double?
  /// Whole seconds left, for display.
  public private(set) var remaining: Int?
  /// The volume last asked for; 1 outside a fade.
  public private(set) var volume: Double = 1
  /// How many times the timer has paused playback: a change of it is the
  /// news a notification tells a listener who is not looking.
  public private(set) var endings = 0
  /// Seconds of fade-out before the pause; 0 pauses without fading. Not in
  /// the reference client: an abrupt stop wakes some listeners.
  public var fadeOutSeconds: Double

  public init(fadeOutSeconds: Double = 10) {
    self.fadeOutSeconds = fadeOutSeconds
  }

  /// Where playback is, for the position mode.
  public struct Playhead: Equatable, Sendable {
    public var bookPosition: Double
    public var rate: Double

    public init(bookPosition: Double, rate: Double) {
      self.bookPosition = bookPosition
      self.rate = rate
    }
  }

  /// "Pause in `minutes` minutes."
  public mutating func start(minutes: Int, now: Date) -> [SleepTimerOutput] {
    let restore = restoredVolume()
    isActive = true
    label = .minutes(minutes)
    endsAt = now.addingTimeInterval(Double(minutes) * 60)
    pauseAtPosition = nil
    remaining = minutes * 60
    return restore
  }

  /// "Pause when playback reaches `position`." Nothing happens when nothing
  /// is loaded (`playhead` nil).
  public mutating func start(
    untilPosition position: Double, label: SleepTimerLabel, playhead: Playhead?
  ) -> [SleepTimerOutput] {
    guard let playhead else { return [] }
    let restore = restoredVolume()
    isActive = true
    self.label = label
    endsAt = nil
    pauseAtPosition = position
    remaining = Int(wallClockSeconds(position - playhead.bookPosition, rate: playhead.rate).rounded())
    return restore
  }

  /// Adds `minutes` to a running countdown, or starts one from now when the
  /// timer has fired, was never set, or counts to a position.
  public mutating func extend(minutes: Int, now: Date) -> [SleepTimerOutput] {
    let base = endsAt.flatMap { $0 > now ? $0 : nil } ?? now
    let newEnd = base.addingTimeInterval(Double(minutes) * 60)
    let left = newEnd.timeIntervalSince(now)
    let restore = restoredVolume()
    isActive = true
    endsAt = newEnd
    label = .minutes(Int((left / 60).rounded()))
    remaining = Int(left.rounded())
    pauseAtPosition = nil
    return restore
  }

  /// Turns the timer off and puts the volume back.
  public mutating func cancel() -> [SleepTimerOutput] {
    let restore = restoredVolume()
    isActive = false
    label = nil
    endsAt = nil
    pauseAtPosition = nil
    remaining = nil
    return restore
  }

  /// One tick: update the countdown, fade, and pause when it is due.
  /// `playhead` is nil when nothing is loaded.
  ///
  /// The minutes mode is due at `endsAt` exactly, not when the rounded
  /// countdown reads 0: ticks come at the engine's reports, at any phase,
  /// and one half a second early must not pause half a second early.
  /// (The reference ticks in step with the start, where the two agree.)
  public mutating func tick(now: Date, playhead: Playhead?) -> [SleepTimerOutput] {
    guard isActive else { return [] }
    let secondsLeft: Double
    let isDue: Bool
    if let endsAt {
      secondsLeft = max(0, endsAt.timeIntervalSince(now))
      remaining = Int(secondsLeft.rounded())
      isDue = now >= endsAt
    } else if let target = pauseAtPosition {
      let position = playhead?.bookPosition ?? 0
      secondsLeft = wallClockSeconds(target - position, rate: playhead?.rate ?? 1)
      remaining = Int(secondsLeft.rounded())
      isDue = position >= target
    } else {
      return []
    }
    if isDue {
      endings += 1
      return [.pausePlayback] + cancel()
    }
    return fade(secondsLeft: secondsLeft)
  }

  private mutating func fade(secondsLeft: Double) -> [SleepTimerOutput] {
    guard fadeOutSeconds > 0 else { return [] }
    let wanted = min(1, max(0, secondsLeft / fadeOutSeconds))
    guard wanted != volume else { return [] }
    volume = wanted
    return [.setVolume(wanted)]
  }

  private mutating func restoredVolume() -> [SleepTimerOutput] {
    guard volume != 1 else { return [] }
    volume = 1
    return [.setVolume(1)]
  }
}
