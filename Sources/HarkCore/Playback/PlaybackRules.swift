import Foundation

/// The numbers the player lives by (§6.1). Values, not constants, so the app
/// can pass its own speed range and tests can name what they rely on.
public struct PlaybackRules: Equatable, Sendable {
  /// How long a play attempt (or a mid-play buffering) may go without
  /// reaching `playing` before it counts as a stall.
  public var stallGrace: Duration = .seconds(3)
  /// How often progress is saved while playing.
  public var saveInterval: Duration = .seconds(15)
  /// While playing, the autosave is taken by the first engine report this
  /// close to its due time, in that report's wake-up, and the save timer
  /// starts again from there: so the timer fires only when no report came.
  /// A playing engine reports at least once a second of real time (at each
  /// whole second of the book, or of real time below normal speed), so the
  /// report taken is 0.25–1.25 s before the save was due, never after it.
  public var autosaveReportWindow: Duration = .milliseconds(1250)
  /// A book saved this close to its end is finished.
  public var finishedTolerance: Double = 5
  /// A save this far below the resume point is a slip (an engine that
  /// restarted near 0), not listening, and is not sent.
  public var slipTolerance: Double = 60
  /// Listening shorter than this is not recorded in the history.
  public var minimumHistorySpan: Double = 20
  /// Playback speeds allowed. The reference clamps to 0.5...2; Hark's
  /// settings offer up to 3×, so the app passes `Settings.defaultSpeedRange`.
  public var rateRange: ClosedRange<Double> = 0.5...2
  /// Previous chapter within this many real seconds of a chapter's start goes
  /// to the chapter before; later, it restarts the current one.
  public var restartChapterWindow: Double = 3

  /// The sleep timer's tick.
  public var sleepTick: Duration = .seconds(1)

  /// The most a resume after a pause goes back, in seconds of content (the
  /// listener's auto-rewind setting). 0, the reference's behaviour, is off.
  public var autoRewindLimit: Double = 0

  /// The reference client's numbers.
  public init() {}

  /// How long `timer` waits (and, when it repeats, its period).
  public func interval(of timer: PlaybackTimer) -> Duration {
    switch timer {
    case .stallWatchdog: stallGrace
    case .autosave: saveInterval
    case .sleepTick: sleepTick
    // Its delay comes with it (`PlaybackCommand.startDeadline`).
    case .sleepEnd: .zero
    }
  }

  /// How far to go back when playing again after a pause of `pause`
  /// seconds: nothing after a moment's pause (under 3 s: the listener just
  /// toggled), the whole `autoRewindLimit` after an hour or more, and in
  /// between growing with the pause's logarithm — the thread of a story is
  /// lost quickly at first and then slowly (a 1-minute pause gets 42 % of
  /// the limit, 10 minutes 75 %).
  public func autoRewind(afterPause pause: TimeInterval) -> Double {
    guard autoRewindLimit > 0, pause.isFinite, pause >= Self.autoRewindFrom else { return 0 }
    let share = log(pause / Self.autoRewindFrom) / log(Self.autoRewindFull / Self.autoRewindFrom)
    return autoRewindLimit * min(1, share)
  }

  static let autoRewindFrom: TimeInterval = 3
  static let autoRewindFull: TimeInterval = 3600

  /// `rate` within `rateRange`; a rate that is not a number is normal speed.
  public func clampRate(_ rate: Double) -> Double {
    guard !rate.isNaN else { return min(max(1, rateRange.lowerBound), rateRange.upperBound) }
    return min(rateRange.upperBound, max(rateRange.lowerBound, rate))
  }
}
