import Foundation
import XCTest

@testable import HarkCore

/// Seeking with one owner for the place (issue 14): the session names each
/// move of the engine (`SeekID`) and shows its target until a report
/// carrying that id (or a later one) arrives; reports with an older id
/// move nothing. Every step's whole next state and every effect
/// (`ReducerTestStore`).
final class SeekFlowTests: XCTestCase {
  private typealias F = FlowFixtures
  private let key = F.bookPath
  private let t0 = F.t0
  private let watchdog = TimerID("playback.stallWatchdog")
  private let autosave = TimerID("playback.autosave")

  private var queue: BookQueue { buildBookQueue(book: F.book, virtualChapterInterval: 1800) }

  private func save(_ position: Double, at time: Date) -> Effect {
    .playback(
      .saveProgress(
        ProgressRecord(
          key: key, position: position, duration: 1200, finished: false, playbackSpeed: 1, deviceID: "",
          updatedAt: time)))
  }

  private func report(_ state: EngineState, track: Int, at position: Double, finished seekID: Int) -> Action {
    .player(
      .playback(
        .engineReported(
          EngineSnapshot(state: state, trackIndex: track, position: position, duration: 600, seekID: SeekID(seekID))),
        at: t0 + 5))
  }

  private func seek(_ track: Int, _ position: Double, _ id: Int) -> Effect {
    .engine(.seek(trackIndex: track, position: position, seekID: SeekID(id)), book: nil)
  }

  private func pending(_ id: Int, _ track: Int, _ position: Double) -> PendingSeek {
    PendingSeek(id: SeekID(id), location: TrackLocation(index: track, positionInTrack: position))
  }

  /// The book plays from 695 s (95 s into the second file), loaded as the
  /// session's first move; the engine said it got there. Not asserted
  /// here: `PlaybackFlowTests` does.
  private func playingAt695() -> ReducerTestStore {
    var initial = F.signedIn()
    initial.library.books[F.bookPath] = .loaded(F.book)
    var store = ReducerTestStore(initial)
    store.prepare { state in
      _ = reduce(&state, .player(.playRequested(F.bookPath, .position(695), at: self.t0)))
      _ = reduce(&state, self.report(.playing, track: 1, at: 95, finished: 1))
    }
    XCTAssertEqual(store.state.player.session.lastSeekID, SeekID(1))
    XCTAssertNil(store.state.player.session.pendingSeek)
    XCTAssertEqual(store.state.player.session.snapshot.state, .playing)
    return store
  }

  /// A seek while playing to `position` in the second file (which starts
  /// 600 s into the book), asked for as `event` and numbered `id`: the place
  /// is the target at once, saved there, and the seek waits for the engine
  /// to say it got there.
  private func seekWithinTheSecondFile(
    _ store: inout ReducerTestStore, _ event: PlaybackEvent, to position: Double, id: Int
  ) {
    let book = 600 + position
    store.send(
      .player(.playback(event, at: t0 + 5)), effects: [seek(1, position, id), save(book, at: t0 + 5)]
    ) {
      $0.player.session.snapshot.position = position
      $0.player.session.lastSeekID = SeekID(id)
      $0.player.session.pendingSeek = self.pending(id, 1, position)
      $0.player.session.resumeFloor = book
      $0.player.session.historyStart = SpanStart(position: book, at: self.t0 + 5)
    }
  }

  /// Forward within the playing file: the place is the target at once
  /// (saved there), and the playing engine's next tick from before it got
  /// there moves nothing.
  func testASeekThenAStaleReportKeepsTheTarget() {
    var store = playingAt695()
    seekWithinTheSecondFile(&store, .seekInBook(900), to: 300, id: 2)
    store.send(report(.playing, track: 1, at: 96, finished: 1))
    XCTAssertEqual(store.state.player.nowPlaying?.bookPosition, 900)
  }

  /// The report carrying the seek's id hands the place back to the engine.
  func testASeekThenItsConfirmingReportPlaysOnFromThere() {
    var store = playingAt695()
    seekWithinTheSecondFile(&store, .seekInBook(900), to: 300, id: 2)
    store.send(report(.playing, track: 1, at: 300.25, finished: 2)) {
      $0.player.session.snapshot.position = 300.25
      $0.player.session.snapshot.seekID = SeekID(2)
      $0.player.session.pendingSeek = nil
    }
    XCTAssertEqual(store.state.player.nowPlaying?.bookPosition, 900.25)
  }

  /// Two skips in quick succession: the second goes on from the first's
  /// target, and the first one's confirmation, arriving after the second
  /// was sent, does not take the place back to it.
  func testTwoQuickSeeksHoldTheSecondUntilItIsConfirmed() {
    var store = playingAt695()
    seekWithinTheSecondFile(&store, .skip(seconds: 30), to: 125, id: 2)
    seekWithinTheSecondFile(&store, .skip(seconds: 30), to: 155, id: 3)
    store.send(report(.playing, track: 1, at: 125, finished: 2)) {
      $0.player.session.snapshot.seekID = SeekID(2)
    }
    XCTAssertEqual(store.state.player.nowPlaying?.bookPosition, 755, "not back at the first skip's place")
    store.send(report(.playing, track: 1, at: 155, finished: 3)) {
      $0.player.session.snapshot.seekID = SeekID(3)
      $0.player.session.pendingSeek = nil
    }
  }

  /// Paused, a chapter is chosen: the place is there at once and stays
  /// through the paused engine's report from before it got there; the
  /// engine's report of the finished seek is the place again. No
  /// auto-rewind is owed (the listener chose the place).
  func testASeekWhilePausedHoldsUntilThePausedEngineGotThere() {
    var store = playingAt695()
    store.send(.player(.playback(.pause, at: t0 + 5)), effects: [.engine(.pause, book: nil)]) {
      $0.player.session.intent = .none
      $0.player.session.pausedAt = self.t0 + 5
    }
    store.send(
      report(.paused, track: 1, at: 100, finished: 1), effects: [save(700, at: t0 + 5), .cancelTimer(autosave)]
    ) {
      $0.player.session.snapshot.state = .paused
      $0.player.session.snapshot.position = 100
      $0.player.session.intent = .none
      $0.player.session.runningTimers = []
      $0.player.session.autosaveDue = nil
      $0.player.session.resumeFloor = 700
      $0.player.session.historyStart = nil
    }
    store.send(.player(.playback(.seekInBook(300), at: t0 + 5)), effects: [seek(0, 300, 2), save(300, at: t0 + 5)]) {
      $0.player.session.snapshot.trackIndex = 0
      $0.player.session.snapshot.position = 300
      $0.player.session.lastSeekID = SeekID(2)
      $0.player.session.pendingSeek = self.pending(2, 0, 300)
      $0.player.session.resumeFloor = 300
      $0.player.session.pausedAt = nil
    }
    store.send(report(.paused, track: 1, at: 100, finished: 1))
    XCTAssertEqual(store.state.player.nowPlaying?.chapterTitle, "The Graft")
    store.send(report(.paused, track: 0, at: 300, finished: 2)) {
      $0.player.session.snapshot.seekID = SeekID(2)
      $0.player.session.pendingSeek = nil
    }
  }

  /// Back into the first file: the old file's last tick moves nothing; the
  /// new file opening (buffering, at the target) is a stall to time, not a
  /// pause; playing there with the seek's id is the place again.
  func testASeekAcrossAFileBoundaryHoldsWhileTheOtherFileOpens() {
    var store = playingAt695()
    store.send(.player(.playback(.seekInBook(300), at: t0 + 5)), effects: [seek(0, 300, 2), save(300, at: t0 + 5)]) {
      $0.player.session.snapshot.trackIndex = 0
      $0.player.session.snapshot.position = 300
      $0.player.session.lastSeekID = SeekID(2)
      $0.player.session.pendingSeek = self.pending(2, 0, 300)
      $0.player.session.resumeFloor = 300
      $0.player.session.historyStart = SpanStart(position: 300, at: self.t0 + 5)
    }
    store.send(report(.playing, track: 1, at: 96, finished: 1))
    XCTAssertEqual(store.state.player.nowPlaying?.bookPosition, 300)
    store.send(
      report(.loading, track: 0, at: 300, finished: 1),
      effects: [.startTimer(watchdog, after: .seconds(3), repeating: false)]
    ) {
      $0.player.session.snapshot.state = .loading
      $0.player.session.runningTimers.insert(.stallWatchdog)
      $0.player.session.historyStart = nil
    }
    store.send(
      report(.playing, track: 0, at: 300, finished: 2),
      effects: [.cancelTimer(watchdog), .startTimer(autosave, after: .seconds(10), repeating: true)]
    ) {
      $0.player.session.snapshot.state = .playing
      $0.player.session.snapshot.seekID = SeekID(2)
      $0.player.session.pendingSeek = nil
      $0.player.session.runningTimers = [.autosave]
      $0.player.session.historyStart = SpanStart(position: 300, at: self.t0 + 5)
    }
  }
}
