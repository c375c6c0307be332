import Foundation
import XCTest

@testable import HarkCore

/// §6.9 seeking, chapters and skipping, and the sleep timer driving the
/// session, on a two-file book with three chapters:
/// file 1 (0–60): "One" 0–20, "Two" 20–60; file 2 (60–160): "Three" 0–100.
@MainActor
final class SessionNavigationTests: XCTestCase {
  private let book = Book(
    libraryID: 2, relPath: "A/Two", isFolder: true,
    files: [BookFile(relPath: "A/Two/1.mp3", seq: 1, duration: 60), BookFile(relPath: "A/Two/2.mp3", seq: 2, duration: 100)],
    chapters: [
      Chapter(index: 0, title: "One", filePath: "A/Two/1.mp3", start: 0, end: 20),
      Chapter(index: 1, title: "Two", filePath: "A/Two/1.mp3", start: 20, end: 60),
      Chapter(index: 2, title: "Three", filePath: "A/Two/2.mp3", start: 0, end: 100),
    ])

  private func playing(at position: Double, track: Int = 0) -> PlaybackHarness {
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: position, track: track, duration: track == 0 ? 60 : 100)
    player.clearRecord()
    return player
  }

  /// Where each seek sent went (their ids are the session's to count).
  private var seeks: (PlaybackHarness) -> [TrackLocation] {
    {
      $0.engineCommands.compactMap {
        if case .seek(let index, let position, _) = $0 { at(index, position) } else { nil }
      }
    }
  }

  func testSeekInBookGoesToTheRightTrackAndSaves() async {
    let player = playing(at: 10)
    player.send(.seekInBook(70))
    XCTAssertEqual(seeks(player), [at(1, 10)])
    XCTAssertEqual(player.session.bookPosition, 70, "the position moves at once, not at the engine's next report")
    XCTAssertEqual(player.session.currentChapter?.title, "Three")
    XCTAssertEqual(player.saves.map(\.position), [70], "the save records where the listener went")
  }

  func testAChapterChosenWhilePausedIsWhereTryAgainResumesAfterTheStreamFails() async {
    let player = playing(at: 30)
    player.send(.pause)
    player.engine(.paused, at: 30)
    player.advance(600)  // a long pause: Play would go back a few seconds from where listening stopped
    player.send(.seekInBook(60))  // "Three", in the second file
    // The engine has not got there: it still says where it was, then fails.
    player.engine(.paused, at: 30, seek: .zero)
    XCTAssertEqual(player.session.bookPosition, 60, "a stale report does not undo the listener's choice")
    player.send(.toggle)
    XCTAssertEqual(seeks(player).last, at(1, 0), "no auto-rewind back into \"Two\"")
    player.engine(.error, at: 31, seek: .zero)
    XCTAssertEqual(player.session.currentChapter?.title, "Three")
    player.clearRecord()
    player.send(.retry)
    XCTAssertEqual(player.loads.map(\.index), [1])
    XCTAssertEqual(player.loads.map(\.position), [0], "Try Again starts \"Three\", not back in \"Two\"")
    // Once it plays from there, the engine's reports are the place again.
    player.engine(.playing, at: 5, track: 1)
    player.engine(.playing, at: 6, track: 1)
    XCTAssertEqual(player.session.bookPosition, 66)
  }

  func testSeekInBookIsClampedToTheBook() async {
    let player = playing(at: 10)
    player.send(.seekInBook(500))
    player.send(.seekInBook(-5))
    player.send(.seekInBook(.nan))
    XCTAssertEqual(seeks(player), [at(1, 100), at(0, 0)])
  }

  func testSeekInChapterIsRelativeToTheChapter() async {
    let player = playing(at: 30)
    player.send(.seekInChapter(15))
    XCTAssertEqual(player.session.bookPosition, 35)
    player.send(.seekInChapter(999))
    XCTAssertEqual(player.session.bookPosition, 60, "within the chapter: its end, the next chapter's start")
  }

  func testSeekInTrackStaysInTheTrack() async {
    let player = playing(at: 10, track: 1)
    player.send(.seekInTrack(150))
    XCTAssertEqual(seeks(player), [at(1, 100)])
  }

  func testSkipMovesAcrossFilesWithinTheBook() async {
    let player = playing(at: 50)
    player.send(.skip(seconds: 30))
    XCTAssertEqual(seeks(player), [at(1, 20)])
    player.send(.skip(seconds: -300))
    XCTAssertEqual(player.session.bookPosition, 0)
  }

  func testNextChapterChainsFromTheLastPress() async {
    let player = playing(at: 5)
    player.send(.nextChapter)
    player.send(.nextChapter)
    XCTAssertEqual(seeks(player), [at(0, 20), at(1, 0)])
    player.clearRecord()
    player.send(.nextChapter)
    XCTAssertEqual(player.commands, [], "nothing after the last chapter")
  }

  func testPreviousChapterRestartsAfterThreeSecondsElseGoesBack() async {
    let player = playing(at: 24)
    player.send(.previousChapter)
    XCTAssertEqual(player.session.bookPosition, 20, "4 s in: restart the chapter")
    player.send(.previousChapter)
    XCTAssertEqual(player.session.bookPosition, 0, "at its start: the chapter before")
    player.send(.previousChapter)
    XCTAssertEqual(player.session.bookPosition, 0, "the first chapter restarts")
  }

  func testTheRestartWindowIsInListeningTime() async {
    let player = playing(at: 25)
    player.send(.setRate(2))
    player.send(.previousChapter)
    XCTAssertEqual(player.session.bookPosition, 0, "5 s of audio at 2× is 2.5 s: go back")
  }

  func testChaptersOfAChapterlessMultiFileBookAreItsFiles() async {
    var plain = book
    plain.chapters = []
    let player = PlaybackHarness.started(PlaybackFixture.request(plain))
    player.engine(.playing, at: 30, duration: 60)
    player.send(.nextChapter)
    XCTAssertEqual(player.session.bookPosition, 60)
  }

  func testASeekWhilePlayingSplitsTheListeningSpan() async {
    let player = playing(at: 0)
    player.advance(25)
    player.engine(.playing, at: 25, duration: 60)
    player.send(.seekInBook(100))
    player.advance(25)
    player.engine(.paused, at: 65, track: 1)
    let spans = player.commands.compactMap { if case .recordListening(let span) = $0 { span } else { nil } }
    XCTAssertEqual(spans.map(\.from), [0, 100], "history shows a jump, not 25 s spread over 100")
    XCTAssertEqual(spans.map(\.to), [25, 125])
  }

  func testTheSleepTimerPausesAfterItsMinutes() async {
    let player = playing(at: 0)
    player.send(.startSleepTimer(.minutes(1)))
    // The engine reports each second while playing; they step the fade.
    for second in 1...59 {
      player.advance(1)
      player.engine(.playing, at: Double(second))
    }
    XCTAssertFalse(player.engineCommands.contains(.pause))
    player.advance(1)
    XCTAssertEqual(player.engineCommands.filter { $0 == .pause }.count, 1)
    XCTAssertFalse(player.session.sleepTimer.isActive)
    XCTAssertFalse(player.isRunning(.sleepTick))
    XCTAssertTrue(player.engineCommands.contains(.setVolume(0.5)), "faded out on the way")
    XCTAssertEqual(player.engineCommands.last, .setVolume(1))
  }

  func testTheSleepTimerCanWaitForTheEndOfAChapter() async {
    let player = playing(at: 10)
    player.send(.setRate(2))
    player.send(.startSleepTimer(.endOfChapter(1)))
    XCTAssertEqual(player.session.sleepTimer.pauseAtPosition, 60)
    XCTAssertEqual(player.session.sleepTimer.remaining, 25)
    player.engine(.playing, at: 59.5, duration: 60)
    player.advance(1)
    XCTAssertFalse(player.engineCommands.contains(.pause))
    player.engine(.playing, at: 0, track: 1)
    player.advance(1)
    XCTAssertEqual(player.engineCommands.filter { $0 == .pause }.count, 1)
  }

  func testTheSleepTimerCanWaitForTheEndOfTheBook() async {
    let player = playing(at: 10)
    player.send(.startSleepTimer(.endOfBook))
    XCTAssertEqual(player.session.sleepTimer.pauseAtPosition, 160)
    XCTAssertEqual(player.session.sleepTimer.label, .endOfBook)
  }

  func testAChapterOrBookSleepTimerNeedsABook() async {
    let player = PlaybackHarness()
    player.send(.startSleepTimer(.endOfBook))
    player.send(.startSleepTimer(.endOfChapter(0)))
    XCTAssertEqual(player.commands, [])
  }
}

/// The sleep timer's chapter menu, from the session's position and speed.
@MainActor
final class SessionSleepMenuTests: XCTestCase {
  func testChoicesStartAtTheCurrentChapterAndCountInListeningTime() async {
    let book = Book(
      libraryID: 2, relPath: "A/Two", isFolder: true,
      files: [BookFile(relPath: "1", seq: 1, duration: 60), BookFile(relPath: "2", seq: 2, duration: 100)])
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: 20, duration: 60)
    player.send(.setRate(2))
    let choices = player.session.endOfChapterChoices()
    XCTAssertEqual(choices.map(\.spanIndex), [0, 1], "a chapterless book's chapters are its files")
    XCTAssertEqual(choices.map(\.countdown.endPosition), [60, 160])
    XCTAssertEqual(choices.map(\.countdown.untilEnd), [20, 70])
    player.send(.startSleepTimer(.endOfChapter(choices[1].spanIndex)))
    XCTAssertEqual(player.session.sleepTimer.pauseAtPosition, 160)
  }

  func testNoChoicesWithNothingLoaded() async {
    XCTAssertEqual(PlaybackSession().endOfChapterChoices(), [])
  }
}

private func at(_ index: Int, _ position: Double) -> TrackLocation {
  TrackLocation(index: index, positionInTrack: position)
}
