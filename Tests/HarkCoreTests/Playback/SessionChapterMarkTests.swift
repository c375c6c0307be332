import Foundation
import XCTest

@testable import HarkCore

/// The engine reports its place once a second and as it passes a chapter
/// mark (`EngineSource.marks`); what hangs on a chapter's end happens at
/// that report, on a two-file book: file 1 (0–60): "One" 0–20.5, "Two"
/// 20.5–60; file 2 (60–160): "Three".
@MainActor
final class SessionChapterMarkTests: XCTestCase {
  private let book = Book(
    libraryID: 2, relPath: "A/Two", isFolder: true,
    files: [BookFile(relPath: "A/Two/1.mp3", seq: 1, duration: 60), BookFile(relPath: "A/Two/2.mp3", seq: 2, duration: 100)],
    chapters: [
      Chapter(index: 0, title: "One", filePath: "A/Two/1.mp3", start: 0, end: 20.5),
      Chapter(index: 1, title: "Two", filePath: "A/Two/1.mp3", start: 20.5, end: 60),
      Chapter(index: 2, title: "Three", filePath: "A/Two/2.mp3", start: 0, end: 100),
    ])

  func testEachFileGetsItsChapterStartsAndEndsAsMarks() async throws {
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    let queue = try XCTUnwrap(player.session.nowPlaying?.queue)
    XCTAssertFalse(queue.chapterClips.isEmpty)
    XCTAssertEqual(engineMarks(queue), [[20.5], []], "file starts and ends need no mark")
  }

  /// Chapters that cannot be trusted as file clips (here: they name no
  /// file) are still the chapters on screen, so their starts are marks too,
  /// placed in the files by the book's layout.
  func testChaptersThatAreNotClipsStillGiveMarks() {
    var untrusted = book
    untrusted.chapters = [
      Chapter(index: 0, title: "One", filePath: "", start: 0, end: 20.5),
      Chapter(index: 1, title: "Two", filePath: "", start: 20.5, end: 90.25),
      Chapter(index: 2, title: "Three", filePath: "", start: 90.25, end: 160),
    ]
    let queue = buildBookQueue(book: untrusted)
    XCTAssertEqual(queue.chapterClips, [], "not clips")
    XCTAssertEqual(engineMarks(queue), [[20.5], [30.25]])
    XCTAssertEqual(
      engineMarks(buildBookQueue(book: Book(libraryID: 2, relPath: "A/Two", isFolder: true, files: book.files))),
      [[], []], "a book without chapters: its files are its chapters, and need no marks")
    let long = Book(libraryID: 2, relPath: "A/Long.mp3", files: [BookFile(relPath: "A/Long.mp3", seq: 1, duration: 4000)])
    XCTAssertEqual(
      engineMarks(buildBookQueue(book: long, virtualChapterInterval: 1800)), [[1800, 3600]],
      "synthetic chapters are marks too")
  }

  func testAnEndOfChapterSleepTimerPausesAtTheReportOfTheChaptersEnd() async {
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: 19.2, duration: 60)
    player.send(.startSleepTimer(.endOfChapter(0)))
    player.clearRecord()
    player.engine(.playing, at: 20.2, duration: 60)
    XCTAssertFalse(player.engineCommands.contains(.pause), "not before the chapter ends")
    // The report at the mark, before the timer's next tick.
    player.engine(.playing, at: 20.51, duration: 60)
    XCTAssertEqual(player.engineCommands.filter { $0 == .pause }.count, 1)
    XCTAssertFalse(player.session.sleepTimer.isActive)
    XCTAssertFalse(player.isRunning(.sleepTick))
    player.advance(1)
    XCTAssertEqual(player.engineCommands.filter { $0 == .pause }.count, 1, "the tick does not pause again")
  }

  func testAMinutesSleepTimerIsNotEndedByThePosition() async {
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: 10, duration: 60)
    player.send(.startSleepTimer(.minutes(1)))
    player.clearRecord()
    player.engine(.playing, at: 59, duration: 60)
    player.engine(.playing, at: 0, track: 1)
    XCTAssertFalse(player.engineCommands.contains(.pause), "reports do not end a timer that counts minutes")
  }
}
