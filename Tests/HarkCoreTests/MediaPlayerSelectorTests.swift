import Foundation
import HarkCore
import XCTest

/// What the desktop's media controls show while nothing is loaded (the
/// playing cases run through the real window in test_media_controls.py).
final class MediaPlayerSelectorTests: XCTestCase {
  func testNothingLoadedIsStoppedAndOffersTheRememberedBook() {
    var state = AppState()
    var shown = selectMediaPlayer(state)
    XCTAssertEqual(shown.status, .stopped)
    XCTAssertEqual(shown.trackID, MediaPlayerState.noTrack)
    XCTAssertFalse(shown.canPlay, "nothing to play")
    XCTAssertFalse(shown.canGoNext || shown.canGoPrevious || shown.canSeek || shown.canPause)
    XCTAssertEqual(shown.minimumRate, 0.5)
    XCTAssertEqual(shown.maximumRate, 3)
    XCTAssertEqual(selectMediaPlayerPosition(state), 0)

    _ = reduce(
      &state,
      .player(
        .lastPlaceRemembered(
          LibraryPath(serverID: "s", libraryID: 1, path: "Theodore Quill/A Clockwork Orchard"), position: 29)))
    shown = selectMediaPlayer(state)
    XCTAssertTrue(shown.canPlay, "Play resumes the book listened to last")
    XCTAssertEqual(shown.album, "A Clockwork Orchard", "its folder's name until the server says more")
  }
}
