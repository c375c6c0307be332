import Foundation

/// Something that happened. Actions are named for the event, not for the change it
/// should cause, so the reducer alone decides what an event means.
public enum Action: Equatable, Sendable {
  /// The user did something in the window.
  case ui(UIAction)
  /// Preferences were read or edited.
  case settings(SettingsAction)
  /// A timer started by an effect went off.
  case timer(TimerAction)
  case connections(ConnectionsAction)
  case library(LibraryAction)
  case player(PlayerAction)
  case downloads(DownloadsAction)
  case localLibrary(LocalLibraryAction)
}

/// Events from the window.
public enum UIAction: Equatable, Sendable {
  /// The user picked a page in the view switcher.
  case pageSelected(Page)
  /// The user asked for the next page (a keyboard shortcut); wraps to the first.
  case nextPageRequested
  /// The user asked for the previous page; wraps to the last.
  case previousPageRequested
  /// Back from the keyboard or the mouse's back button (`goBack`).
  case backRequested
}

/// Events about preferences.
public enum SettingsAction: Equatable, Sendable {
  /// The stored settings were read at launch (or changed outside the app).
  /// They are already persisted, so accepting them writes nothing back.
  case loaded(Settings)
  /// The user edited one setting. The value is clamped; it is persisted only if
  /// the clamped value differs from the current one.
  case changed(SettingsKey, Double)
}

/// Events from timers.
public enum TimerAction: Equatable, Sendable {
  /// The timer `id` went off; `at` is the clock's time when it did, so the
  /// reducer never reads a clock.
  case fired(TimerID, at: Date)
}
