import Foundation
import XCTest

@testable import HarkCore

// Test methods are async: on Linux, XCTest aborts on a synchronous test
// method of a @MainActor class.

/// REFERENCE-BEHAVIOR §6.10 scenarios 1–6: the save rule and the save loop.
@MainActor
final class SessionSavingTests: XCTestCase {
  // 1
  func testPlayingAndPausingAtZeroSavesNothing() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 0)
    player.engine(.paused, at: 0)
    XCTAssertEqual(player.saves, [])
  }

  // 2
  func testAPauseSavesAndNearTheEndIsFinished() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 40)
    player.engine(.paused, at: 40)
    XCTAssertEqual(player.saves.map(\.position), [40])
    XCTAssertEqual(player.saves.map(\.finished), [false])
    player.engine(.playing, at: 96)
    player.engine(.paused, at: 96)
    XCTAssertEqual(player.saves.map(\.position), [40, 96])
    XCTAssertEqual(player.saves.map(\.finished), [false, true])
  }

  func testASaveCarriesTheBookTheTotalTheSpeedAndTheTime() async {
    let player = PlaybackHarness.started()
    player.send(.setRate(1.25))
    player.engine(.playing, at: 40)
    player.advance(2)
    player.engine(.paused, at: 42)
    XCTAssertEqual(
      player.saves.last,
      ProgressRecord(
        key: PlaybackFixture.key, position: 42, duration: 100, finished: false, playbackSpeed: 1.25,
        deviceID: "", updatedAt: PlaybackFixture.start.addingTimeInterval(2)))
  }

  func testFiveSecondsFromTheEndIsFinishedAndSixIsNot() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 94)
    player.engine(.paused, at: 94)
    player.engine(.playing, at: 95)
    player.engine(.paused, at: 95)
    XCTAssertEqual(player.saves.map(\.finished), [false, true])
  }

  // 3
  func testPlayingSavesEveryFifteenSeconds() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 10)
    player.advance(14.9)
    XCTAssertEqual(player.saves.count, 0)
    player.advance(0.1)
    XCTAssertEqual(player.saves.map(\.position), [10])
    player.engine(.playing, at: 25)
    player.advance(15)
    XCTAssertEqual(player.saves.map(\.position), [10, 25])
  }

  // 4
  func testAnErrorSavesOnceAndStopsTheLoop() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 50)
    player.engine(.error, at: 50)
    XCTAssertEqual(player.saves.map(\.position), [50])
    player.advance(60)
    XCTAssertEqual(player.saves.count, 1)
    XCTAssertEqual(player.state, .error)
    XCTAssertEqual(player.session.failure, .engine)
    XCTAssertTrue(player.commands.contains(.showError(.engine)))
  }

  // 5
  func testAPauseOrTheEndSavesOnceAndStopsTheLoop() async {
    for last in [EngineState.paused, .ended] {
      let player = PlaybackHarness.started()
      player.engine(.playing, at: 30)
      player.engine(last, at: 30)
      XCTAssertEqual(player.saves.map(\.position), [30], "\(last)")
      player.advance(30)
      XCTAssertEqual(player.saves.count, 1, "\(last)")
      XCTAssertFalse(player.isRunning(.autosave))
    }
  }

  func testTheEndKeepsTheBookLoaded() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 99)
    player.engine(.ended, at: 100)
    XCTAssertTrue(player.session.isEnded)
    XCTAssertEqual(player.session.nowPlaying?.key, PlaybackFixture.key)
    XCTAssertEqual(player.saves.last?.finished, true)
  }

  // 6
  func testBufferingMidPlayKeepsTheLoopRunning() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 20)
    player.engine(.loading, at: 20)
    player.advance(2)
    player.engine(.playing, at: 21)
    player.advance(15)
    XCTAssertEqual(player.saves.map(\.position), [21])
    XCTAssertEqual(player.state, .playing)
  }

  func testASlipFarBelowTheResumePointIsNotSaved() async {
    let player = PlaybackHarness.started(PlaybackFixture.request(at: 90))
    player.engine(.playing, at: 29)
    player.engine(.paused, at: 29)
    XCTAssertEqual(player.saves, [], "61 s below the floor")
    player.engine(.playing, at: 30)
    player.engine(.paused, at: 30)
    XCTAssertEqual(player.saves.map(\.position), [30], "60 s below is within the tolerance")
  }

  func testASaveRaisesTheFloor() async {
    let book = Book(libraryID: 2, relPath: "A/Book.m4b", duration: 1000)
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: 500)
    player.engine(.paused, at: 500)
    player.engine(.playing, at: 10)
    player.engine(.paused, at: 10)
    XCTAssertEqual(player.saves.map(\.position), [500], "a jump to 10 the listener did not ask for is a slip")
  }

  func testListeningSpansOfTwentySecondsOrMoreAreRecorded() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 10)
    player.advance(19)
    player.engine(.paused, at: 29)
    player.engine(.playing, at: 29)
    player.advance(20)
    player.engine(.paused, at: 49)
    let spans = player.commands.compactMap { if case .recordListening(let span) = $0 { span } else { nil } }
    XCTAssertEqual(
      spans,
      [
        ListeningSpan(
          key: PlaybackFixture.key, from: 29, to: 49, startedAt: PlaybackFixture.start.addingTimeInterval(19),
          endedAt: PlaybackFixture.start.addingTimeInterval(39))
      ])
  }

  func testATrackChangeWhilePlayingSplitsTheSpan() async {
    let book = Book(
      libraryID: 2, relPath: "A/Book", files: [BookFile(relPath: "1", seq: 1, duration: 60), BookFile(relPath: "2", seq: 2, duration: 60)])
    let player = PlaybackHarness.started(PlaybackFixture.request(book))
    player.engine(.playing, at: 30, duration: 60)
    player.advance(30)
    player.engine(.playing, at: 0, track: 1, duration: 60)
    player.advance(30)
    player.engine(.paused, at: 30, track: 1, duration: 60)
    let spans = player.commands.compactMap { if case .recordListening(let span) = $0 { span } else { nil } }
    XCTAssertEqual(spans.map(\.from), [30, 60])
    XCTAssertEqual(spans.map(\.to), [60, 90])
  }
}
