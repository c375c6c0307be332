import Foundation
import HarkCore
import XCTest

/// What the Player page shows: chapter, time left at speed, the controls'
/// seconds, the sleep timer and failures in the listener's words.
final class PlayerPageSelectorTests: XCTestCase {
  private let path = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  private func playing(at position: Double = 0) -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    let book = Book(
      libraryID: 1, relPath: path.path, isFolder: true, title: "A Clockwork Orchard", author: "Theodore Quill",
      duration: 3600, files: [BookFile(relPath: "Quill/Orchard/book.m4b", duration: 3600)],
      chapters: [
        Chapter(index: 0, title: "01_the_seed", filePath: "Quill/Orchard/book.m4b", start: 0, end: 1200),
        Chapter(index: 1, title: "The Graft", filePath: "Quill/Orchard/book.m4b", start: 1200, end: 3600),
      ])
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(position), at: t0)))
    return state
  }

  func testNothingLoadedShowsNoPlayer() {
    XCTAssertNil(selectPlayerPage(AppState()))
  }

  func testChapterTimeLeftAndControls() throws {
    var state = playing(at: 1500)
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).status, .loading, "asked to play, not playing yet")
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: 1500, duration: 3600, seekID: SeekID(1))), at: t0)))
    _ = reduce(&state, .player(.playback(.setRate(1.5), at: t0)))
    let view = try XCTUnwrap(selectPlayerPage(state))
    XCTAssertEqual(view.title, "A Clockwork Orchard")
    XCTAssertEqual(view.chapterTitle, "The Graft")
    XCTAssertEqual(view.chapterNumber, "Chapter 2 of 2")
    XCTAssertEqual(view.chapters, ["01 the seed", "The Graft"])
    XCTAssertEqual(view.chapterStarts, [0, 1200])
    XCTAssertEqual(view.status, .playing)
    XCTAssertEqual(view.rateText, "1.5×")
    XCTAssertEqual(view.bookTimeLeft, "23m left", "2,100 s of audio at 1.5× is 1,400 s of listening")
    XCTAssertEqual(view.skipBackSeconds, 15)
    XCTAssertEqual(view.skipForwardSeconds, 30)
    XCTAssertEqual(view.chapterStart, 1200)
    XCTAssertEqual(view.chapterEnd, 3600)
  }

  func testTheSleepTimerSaysWhenItStops() throws {
    var state = playing(at: 100)
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: 100, duration: 3600, seekID: SeekID(1))), at: t0)))
    _ = reduce(&state, .player(.playback(.startSleepTimer(.minutes(15)), at: t0)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).sleepText, "Stops in 15:00")
    // Only the countdown changes every second (the page shows it as text
    // that does not lay the window out again).
    XCTAssertTrue(try XCTUnwrap(selectPlayerPage(state)).sleepCountsDown)
    _ = reduce(&state, .player(.playback(.startSleepTimer(.endOfChapter(0)), at: t0)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).sleepText, "Stops at the end of 01 the seed")
    XCTAssertFalse(try XCTUnwrap(selectPlayerPage(state)).sleepCountsDown)
    _ = reduce(&state, .player(.playback(.cancelSleepTimer, at: t0)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).sleepText, "")
    XCTAssertFalse(try XCTUnwrap(selectPlayerPage(state)).sleepCountsDown)
  }

  func testTheSleepMenuSaysHowLongUntilThisAndLaterChaptersEnd() throws {
    var state = playing(at: 100)
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: 100, duration: 3600, seekID: SeekID(1))), at: t0)))
    _ = reduce(&state, .player(.playback(.setRate(2), at: t0)))
    let view = try XCTUnwrap(selectPlayerPage(state))
    XCTAssertEqual(
      view.sleepChapters,
      [
        SleepChapterChoice(index: 0, title: "End of This Chapter", secondsUntilEnd: 550),
        SleepChapterChoice(index: 1, title: "End of The Graft", secondsUntilEnd: 1750),
      ], "listening time at 2×; only chapters that exist")
    XCTAssertEqual(view.bookSecondsLeft, 1750)
  }

  func testAStallIsToldInPlainWords() throws {
    var state = playing()
    _ = reduce(&state, .timer(.fired(TimerID("playback.stallWatchdog"), at: t0.addingTimeInterval(3))))
    guard case .failed(let message) = try XCTUnwrap(selectPlayerPage(state)).status else {
      return XCTFail("not failed")
    }
    XCTAssertTrue(message.contains("stopped arriving"), message)
  }

  func testAnEngineErrorIsToldInTheEnginesWords() throws {
    var state = playing()
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .error)), at: t0)))
    guard case .failed(let generic) = try XCTUnwrap(selectPlayerPage(state)).status else {
      return XCTFail("not failed")
    }
    XCTAssertTrue(generic.contains("could not be played"), generic)
    let lost = "The connection to the server was lost. Check the connection and try again."
    _ = reduce(&state, .player(.engineFailed(message: lost)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .error)), at: t0)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).status, .failed(lost))
    // Try Again clears it: a later error without words of its own is not
    // told in the old one's.
    _ = reduce(&state, .player(.playback(.retry, at: t0)))
    XCTAssertNil(state.player.engineMessage)
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .error)), at: t0)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).status, .failed(generic))
  }

  func testRatesAreWrittenWithoutTrailingZeros() {
    XCTAssertEqual(formatRate(1), "1×")
    XCTAssertEqual(formatRate(1.25), "1.25×")
    XCTAssertEqual(formatRate(0.5), "0.5×")
    XCTAssertEqual(formatRate(2.95), "2.95×")
  }
}
