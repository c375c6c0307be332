import Foundation
import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §6.10 scenarios 21–29: where a book resumes, and the
/// guards that keep a bad start from overwriting the listener's place.
@MainActor
final class SessionResumeTests: XCTestCase {
  private func resume(_ answers: [ResumeLookup], book: Book = PlaybackFixture.book) -> PlaybackHarness {
    let player = PlaybackHarness()
    player.lookupAnswers = answers
    player.send(.play(PlaybackFixture.request(book, at: nil)))
    return player
  }

  // 21
  func testResumesAtTheSavedPlaceAndSpeed() async {
    let player = resume([PlaybackFixture.progress(30, speed: 1.5)])
    XCTAssertEqual(player.lookups, [PlaybackFixture.key])
    XCTAssertEqual(player.loads.map(\.index), [0])
    XCTAssertEqual(player.loads.map(\.position), [30])
    XCTAssertEqual(player.session.rate, 1.5)
    XCTAssertTrue(player.engineCommands.contains(.setRate(1.5)))
  }

  func testLoadThenSpeedThenPlay() async {
    let player = resume([PlaybackFixture.progress(30, speed: 1.5)])
    XCTAssertEqual(
      player.engineCommands,
      [
        .load(tracks: player.loads[0].tracks, startIndex: 0, position: 30, clips: [], seekID: SeekID(1)), .setRate(1.5),
        .play,
      ])
  }

  // 22
  func testAFinishedBookStartsOverAndEarlySavesCount() async {
    let player = resume([PlaybackFixture.progress(100, finished: true)])
    XCTAssertEqual(player.loads.map(\.position), [0])
    player.engine(.playing, at: 3)
    player.engine(.paused, at: 3)
    XCTAssertEqual(player.saves.map(\.position), [3])
    XCTAssertEqual(player.saves.map(\.finished), [false])
  }

  // 23
  func testABookMarkedFinishedMidwayStartsOver() async {
    XCTAssertEqual(resume([PlaybackFixture.progress(40, finished: true)]).loads.map(\.position), [0])
  }

  // 24
  func testAnUnfinishedBookResumes() async {
    XCTAssertEqual(resume([PlaybackFixture.progress(40)]).loads.map(\.position), [40])
  }

  func testNoProgressStartsAtZeroAtTheDefaultSpeed() async {
    let player = PlaybackHarness()
    var request = PlaybackFixture.request(at: nil)
    request.defaultRate = 1.25
    player.send(.play(request))
    XCTAssertEqual(player.loads.map(\.position), [0])
    XCTAssertEqual(player.session.rate, 1.25)
  }

  // 25
  func testAnUnknownPlaceLoadsNothing() async {
    let player = resume([.failed(.notSignedIn)])
    XCTAssertEqual(player.state, .error)
    XCTAssertEqual(player.session.failure, .resumeUnknown(.notSignedIn))
    XCTAssertEqual(player.loads.count, 0)
    XCTAssertEqual(player.session.nowPlaying?.key, PlaybackFixture.key)
  }

  // 26
  func testAnUnknownPlaceForTheNextBookStopsTheOldOneWithoutSavingIt() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 50)
    player.clearRecord()
    player.lookupAnswers = [.failed(.notSignedIn)]
    let other = Book(libraryID: 2, relPath: "B/Other.m4b", duration: 100)
    player.send(.play(PlaybackFixture.request(other, at: nil)))
    XCTAssertTrue(player.engineCommands.contains(.reset))
    XCTAssertEqual(player.state, .error)
    XCTAssertEqual(player.session.nowPlaying?.key.path, "B/Other.m4b")
    player.advance(15)
    XCTAssertEqual(player.saves, [])
  }

  // 27
  func testRetryAfterAnUnknownPlaceAsksAgain() async {
    let player = resume([.failed(.notSignedIn), PlaybackFixture.progress(55)])
    player.send(.retry)
    XCTAssertEqual(player.lookups.count, 2)
    XCTAssertEqual(player.loads.map(\.position), [55])
  }

  // 28
  func testASlipNearZeroAfterResumingIsNotSaved() async {
    let long = Book(libraryID: 2, relPath: "A/Book.m4b", duration: 1000)
    let player = resume([PlaybackFixture.progress(300, duration: 1000)], book: long)
    player.engine(.playing, at: 2, duration: 1000)
    player.engine(.paused, at: 2, duration: 1000)
    XCTAssertEqual(player.saves, [])
  }

  // 29
  func testASeekByTheListenerLowersTheFloor() async {
    let long = Book(libraryID: 2, relPath: "A/Book.m4b", duration: 1000)
    let player = resume([PlaybackFixture.progress(300, duration: 1000)], book: long)
    player.send(.seekInBook(2))
    player.engine(.playing, at: 2, duration: 1000)
    player.engine(.paused, at: 2, duration: 1000)
    XCTAssertEqual(player.saves.last?.position, 2)
  }

  func testADownloadedBookStartsAtZeroWhenThePlaceIsUnknown() async {
    let player = PlaybackHarness()
    player.lookupAnswers = [.failed(.notSignedIn)]
    var request = PlaybackFixture.request(at: nil)
    request.local = LocalCopy(files: ["A/Book.m4b": URL(string: "file:///dl/0.m4b")!])
    player.send(.play(request))
    XCTAssertEqual(player.loads.map(\.position), [0])
  }

  func testALateAnswerForAnEarlierRequestIsDropped() async {
    let player = PlaybackHarness()
    player.answersLookups = false
    player.send(.play(PlaybackFixture.request(at: nil)))
    let other = Book(libraryID: 2, relPath: "B/Other.m4b", duration: 100)
    player.send(.play(PlaybackFixture.request(other, at: 10)))
    player.send(.resumeLookedUp(PlaybackFixture.key, PlaybackFixture.progress(40)))
    XCTAssertEqual(player.loads.count, 1)
    XCTAssertEqual(player.session.nowPlaying?.key.path, "B/Other.m4b")
  }

  func testStartingAtATrackBeginsItsFirstSecond() async {
    let book = Book(
      libraryID: 2, relPath: "A", files: [BookFile(relPath: "1", seq: 1, duration: 60), BookFile(relPath: "2", seq: 2, duration: 60)])
    let player = PlaybackHarness()
    player.send(.play(PlaybackFixture.request(book, at: nil, track: 7)))
    XCTAssertEqual(player.lookups, [], "an explicit start skips the lookup")
    XCTAssertEqual(player.loads.map(\.index), [1], "the track is clamped to the last")
    XCTAssertEqual(player.loads.map(\.position), [0])
    XCTAssertEqual(player.session.bookPosition, 60)
  }
}
