// Key-based access, so GSettings (which speaks in keys) and preference rows built
// in a loop need no switch of their own.

extension SettingsKey {
  /// The allowed values, as doubles so one spin-button builder serves every key.
  public var range: ClosedRange<Double> {
    switch self {
    case .skipBackSeconds: Self.doubles(Settings.skipBackSecondsRange)
    case .skipForwardSeconds: Self.doubles(Settings.skipForwardSecondsRange)
    case .autoRewindSeconds: Self.doubles(Settings.autoRewindSecondsRange)
    case .virtualChapterMinutes: Self.doubles(Settings.virtualChapterMinutesRange)
    case .defaultSpeed: Settings.defaultSpeedRange
    case .simultaneousDownloads: Self.doubles(Settings.simultaneousDownloadsRange)
    case .playNextBook, .playInBackground, .downloadOnMetered: 0...1
    }
  }

  /// The spin-button step: whole numbers, except the speed.
  public var step: Double {
    self == .defaultSpeed ? Settings.defaultSpeedStep : 1
  }

  /// On or off (stored as a GSettings boolean, 1 or 0 here).
  public var isSwitch: Bool { self == .playNextBook || self == .playInBackground || self == .downloadOnMetered }

  private static func doubles(_ range: ClosedRange<Int>) -> ClosedRange<Double> {
    Double(range.lowerBound)...Double(range.upperBound)
  }
}

extension Settings {
  /// The value stored under `key`.
  public func value(for key: SettingsKey) -> Double {
    switch key {
    case .skipBackSeconds: Double(skipBackSeconds)
    case .skipForwardSeconds: Double(skipForwardSeconds)
    case .autoRewindSeconds: Double(autoRewindSeconds)
    case .virtualChapterMinutes: Double(virtualChapterMinutes)
    case .defaultSpeed: defaultSpeed
    case .playNextBook: playNextBook ? 1 : 0
    case .playInBackground: playInBackground ? 1 : 0
    case .simultaneousDownloads: Double(simultaneousDownloads)
    case .downloadOnMetered: downloadOnMetered ? 1 : 0
    }
  }

  /// A copy with `key` set to `value`, clamped into range (whole-number keys are
  /// rounded, the speed snapped). A value that is not a number changes nothing.
  public func setting(_ key: SettingsKey, to value: Double) -> Settings {
    guard !value.isNaN else { return self }
    // Clamp while still a Double: converting an out-of-range Double to Int traps.
    let whole = Int(Self.clamp(value, key.range).rounded())
    var result = self
    switch key {
    case .skipBackSeconds: result.skipBackSeconds = whole
    case .skipForwardSeconds: result.skipForwardSeconds = whole
    case .autoRewindSeconds: result.autoRewindSeconds = whole
    case .virtualChapterMinutes: result.virtualChapterMinutes = whole
    case .defaultSpeed: result.defaultSpeed = Self.snapSpeed(value)
    case .playNextBook: result.playNextBook = whole == 1
    case .playInBackground: result.playInBackground = whole == 1
    case .simultaneousDownloads: result.simultaneousDownloads = whole
    case .downloadOnMetered: result.downloadOnMetered = whole == 1
    }
    return result
  }
}
