/// The user's preferences. GSettings is the durable copy; this is the copy the app reads.
///
/// Values can arrive out of range (a hand-edited dconf key, an old schema), so every
/// path into the store goes through `clamped()`.
public struct Settings: Equatable, Sendable {
  /// Seconds the "skip back" button jumps.
  public var skipBackSeconds: Int = 15
  /// Seconds the "skip forward" button jumps.
  public var skipForwardSeconds: Int = 30
  /// Seconds to rewind when resuming after a pause, so the listener regains context.
  public var autoRewindSeconds: Int = 5
  /// Length of the virtual chapters made for books that have no chapter marks.
  public var virtualChapterMinutes: Int = 30
  /// `virtualChapterMinutes` in seconds, as the timeline takes it.
  public var virtualChapterInterval: Double { Double(virtualChapterMinutes) * 60 }
  /// Playback speed for books that have no speed of their own.
  public var defaultSpeed: Double = 1.0
  /// When a book ends, start the next one in its folder after a countdown.
  public var playNextBook = false
  /// Closing the window while a book plays keeps it playing.
  public var playInBackground = true
  /// How many books download at once.
  public var simultaneousDownloads: Int = 1
  /// Downloads may use a metered connection (a phone's hotspot).
  public var downloadOnMetered = false

  /// Allowed values of `skipBackSeconds`.
  public static let skipBackSecondsRange: ClosedRange<Int> = 5...120
  /// Allowed values of `skipForwardSeconds`.
  public static let skipForwardSecondsRange: ClosedRange<Int> = 5...120
  /// Allowed values of `autoRewindSeconds`; 0 turns auto-rewind off.
  public static let autoRewindSecondsRange: ClosedRange<Int> = 0...30
  /// Allowed values of `virtualChapterMinutes`.
  public static let virtualChapterMinutesRange: ClosedRange<Int> = 5...120
  /// Allowed values of `defaultSpeed`.
  public static let defaultSpeedRange: ClosedRange<Double> = 0.5...3.0
  /// `defaultSpeed` is always a multiple of this step.
  public static let defaultSpeedStep: Double = 0.05
  public static let simultaneousDownloadsRange: ClosedRange<Int> = 1...3

  /// The default settings.
  public init() {}

  /// A copy with every field clamped into its range and the speed snapped to the
  /// nearest `defaultSpeedStep`. A speed that is not a number becomes the default.
  public func clamped() -> Settings {
    var result = self
    result.skipBackSeconds = Self.clamp(skipBackSeconds, Self.skipBackSecondsRange)
    result.skipForwardSeconds = Self.clamp(skipForwardSeconds, Self.skipForwardSecondsRange)
    result.autoRewindSeconds = Self.clamp(autoRewindSeconds, Self.autoRewindSecondsRange)
    result.virtualChapterMinutes = Self.clamp(
      virtualChapterMinutes, Self.virtualChapterMinutesRange)
    result.defaultSpeed = Self.snapSpeed(defaultSpeed)
    result.simultaneousDownloads = Self.clamp(simultaneousDownloads, Self.simultaneousDownloadsRange)
    return result
  }

  static func clamp<T: Comparable>(_ value: T, _ range: ClosedRange<T>) -> T {
    min(max(value, range.lowerBound), range.upperBound)
  }

  static func snapSpeed(_ speed: Double) -> Double {
    guard !speed.isNaN else { return Settings().defaultSpeed }
    let clampedSpeed = clamp(speed, defaultSpeedRange)
    // Multiply by the whole number of steps per unit and divide back, rather than
    // multiplying by 0.05: n / 20 is the double nearest the decimal, so 1.15
    // compares equal to the literal 1.15 instead of 1.1500000000000001.
    let stepsPerUnit = (1 / defaultSpeedStep).rounded()
    return (clampedSpeed * stepsPerUnit).rounded() / stepsPerUnit
  }
}

/// The GSettings key of each setting, as written in the schema.
public enum SettingsKey: String, CaseIterable, Sendable {
  case skipBackSeconds = "skip-back-seconds"
  case skipForwardSeconds = "skip-forward-seconds"
  case autoRewindSeconds = "auto-rewind-seconds"
  case virtualChapterMinutes = "virtual-chapter-minutes"
  case defaultSpeed = "default-speed"
  case playNextBook = "play-next-book"
  case playInBackground = "play-in-background"
  case simultaneousDownloads = "simultaneous-downloads"
  case downloadOnMetered = "download-on-metered"
}
