import Foundation

/// The player, as the app's store sees it.
public enum PlayerAction: Equatable, Sendable {
  /// Play (or resume) a book from the Library or Book page; waits for the
  /// book's files and chapters when they are not loaded yet.
  case playRequested(LibraryPath, PlayStart, at: Date)
  /// Anything the session handles (the listener's controls, engine reports,
  /// resume answers), stamped with the wall-clock time it happened.
  case playback(PlaybackEvent, at: Date)
  /// The engine failed and said why, in the listener's words; arrives just
  /// before its error snapshot.
  case engineFailed(message: String)
  /// A skip button or ←/→: back or forward by the seconds the listener
  /// chose in Preferences (read here, so no view keeps its own copy).
  case skipped(SkipDirection, at: Date)
  /// Play on if paused, never pause: the sleep timer notification's Play
  /// (the listener may have started playing again meanwhile).
  case resumeRequested(at: Date)
  /// "+"/"−": the speed up or down by `delta`, within the allowed range.
  case rateStepped(by: Double, at: Date)
  /// Ctrl+B or the Player page's button: a bookmark where playback is.
  case bookmarkHereRequested
  /// The Up Next card's Play: the next book now.
  case upNextPlayRequested(at: Date)
  /// The Up Next card's Cancel: no countdown; the card stays.
  case upNextCountdownCancelled
  /// At start-up: the book this device last saved a place in, unfinished.
  /// The mini-player offers it, one press from resuming.
  case lastPlaceRemembered(LibraryPath, position: Double)
}

/// Which way a skip button jumps.
public enum SkipDirection: Equatable, Sendable {
  case back, forward
}
