import Foundation
import HarkCore

extension Store {
  /// Sends the listener's player control to the session, stamped with the
  /// time it happened (the reducer reads no clock).
  @MainActor
  func playback(_ event: PlaybackEvent) {
    dispatch(.player(.playback(event, at: Date())))
  }

  /// Skips back or forward by the listener's chosen seconds.
  @MainActor
  func skip(_ direction: SkipDirection) {
    dispatch(.player(.skipped(direction, at: Date())))
  }

  /// Plays `book` from `start`, loading it first when needed.
  @MainActor
  func play(_ book: LibraryPath, from start: PlayStart) {
    dispatch(.player(.playRequested(book, start, at: Date())))
  }
}
