/// Names a timer, so a later effect can replace or cancel it and the reducer can
/// tell which one fired.
public struct TimerID: Hashable, Sendable {
  /// A stable name, e.g. "autosave".
  public let name: String

  /// A timer id called `name`.
  public init(_ name: String) {
    self.name = name
  }
}

/// Work the reducer asks for. Effects are plain values so tests can compare
/// them; an `EffectRunning` performs them and reports back with actions.
public enum Effect: Equatable, Sendable {
  /// Write one setting to GSettings.
  case persistSetting(SettingsKey, Double)
  /// Start a timer that fires after `after`, and every `after` again if
  /// `repeating`. Replaces a running timer with the same id.
  case startTimer(TimerID, after: Duration, repeating: Bool)
  /// Stop a timer; nothing happens if it is not running.
  case cancelTimer(TimerID)
}
