import Foundation
import XCTest

@testable import HarkCore

/// Playing a book as the window, the engine and the effect runner send it:
/// Play waits for the book and the resume lookup, the engine's reports,
/// a seek, a pause and the end of the book. Every step's whole next state
/// and every effect (`ReducerTestStore`).
final class PlaybackFlowTests: XCTestCase {
  private typealias F = FlowFixtures
  private let key = F.bookPath
  private let t0 = F.t0
  private let watchdog = TimerID("playback.stallWatchdog")
  private let autosave = TimerID("playback.autosave")

  /// The tracks the engine is handed: the book's files, never its folder.
  private let tracks = [
    BookTrack(
      id: "1:Quill/Orchard/01.mp3", path: "Quill/Orchard/01.mp3", title: "A Clockwork Orchard",
      album: "A Clockwork Orchard", artist: "Theodore Quill", duration: 600),
    BookTrack(
      id: "1:Quill/Orchard/02.mp3", path: "Quill/Orchard/02.mp3", title: "A Clockwork Orchard",
      album: "A Clockwork Orchard", artist: "Theodore Quill", duration: 600),
  ]

  private var queue: BookQueue { buildBookQueue(book: F.book, virtualChapterInterval: 1800) }

  /// The book the engine's load names: whose client streams its tracks,
  /// played as they are (the server offers no transcoding here), and its
  /// chapter marks for the sources.
  private var engineBook: EngineBook {
    EngineBook(key: key, transcoded: false, marks: engineMarks(queue), access: F.server.access)
  }

  private var loaded: LoadedBook {
    LoadedBook(
      key: key, book: F.book, chapterData: nil, title: "A Clockwork Orchard", author: "Theodore Quill",
      localCover: nil, queue: queue, signedIn: true, isDownloaded: false)
  }

  private func request(at position: Double? = nil) -> PlayRequest {
    PlayRequest(key: key, book: F.book, startBookPosition: position, defaultRate: 1, virtualChapterInterval: 1800)
  }

  // The session's own bookkeeping, named once: a phase refactor changes
  // these three helpers, not every step.

  /// Play asked for: sound wanted, not playing yet, the 3 s stall watchdog
  /// armed; the engine is to load at `location`, the session's first move.
  private func attempting(_ session: inout PlaybackSession, loadingAt location: TrackLocation) {
    session.intent = .starting
    session.runningTimers.insert(.stallWatchdog)
    session.lastSeekID = SeekID(1)
    session.pendingSeek = PendingSeek(id: SeekID(1), location: location)
  }

  /// Playing reached at t0 + 1 (the engine said it loaded there): the
  /// watchdog off, the 10 s autosave on, due at t0 + 11.
  private func playing(_ session: inout PlaybackSession) {
    session.intent = .playing
    session.runningTimers = [.autosave]
    session.autosaveDue = t0 + 11
    session.pendingSeek = nil
  }

  /// Stopped (paused or ended): no sound wanted, no autosave.
  private func stopped(_ session: inout PlaybackSession) {
    session.intent = .none
    session.runningTimers.remove(.autosave)
    session.autosaveDue = nil
  }

  private func save(_ position: Double, finished: Bool = false, at time: Date) -> Effect {
    .playback(
      .saveProgress(
        ProgressRecord(
          key: key, position: position, duration: 1200, finished: finished, playbackSpeed: 1, deviceID: "",
          updatedAt: time)))
  }

  /// A report from the engine once it got where it was loaded (the
  /// session's first move).
  private func report(_ state: EngineState, track: Int, at position: Double, seekID: SeekID = SeekID(1))
    -> EngineSnapshot
  {
    EngineSnapshot(state: state, trackIndex: track, position: position, duration: 600, seekID: seekID)
  }

  /// Play on a book not loaded yet: it loads, the place is looked up, and
  /// the engine is loaded there (an hour-old place, so back by the whole
  /// 5 s auto-rewind: 695 s, 95 s into the second file) and reaches playing.
  private func playToPlaying(_ store: inout ReducerTestStore) {
    store.send(.player(.playRequested(F.bookPath, .resume, at: t0)), effects: [.loadBook(F.bookPath, .server(F.server.access))]) {
      $0.player.session.rules.autoRewindLimit = 5
      $0.player.waiting = PendingPlay(book: F.bookPath, start: .resume, requestedAt: self.t0)
      $0.library.books[F.bookPath] = .loading
    }
    store.send(.library(.bookLoaded(F.bookPath, .success(F.book))), effects: [.playback(.lookUpResume(key))]) {
      $0.library.books[F.bookPath] = .loaded(F.book)
      $0.player.waiting = nil
      $0.player.session.lastRequest = self.request()
      $0.player.session.pendingStart = self.request()
    }
    let record = ProgressRecord(key: key, position: 700, deviceID: "other", updatedAt: t0.addingTimeInterval(-3600))
    store.send(
      .player(.playback(.resumeLookedUp(key, .progress(record)), at: t0)),
      effects: [
        .startTimer(watchdog, after: .seconds(3), repeating: false),
        .engine(.load(tracks: tracks, startIndex: 1, position: 95, clips: queue.chapterClips, seekID: SeekID(1)),
          book: engineBook),
        .engine(.setRate(1), book: nil),
        .engine(.play, book: nil),
      ]
    ) {
      $0.player.session.pendingStart = nil
      $0.player.session.nowPlaying = self.loaded
      $0.player.session.snapshot = EngineSnapshot(state: .loading, trackIndex: 1, position: 95, duration: 600)
      $0.player.session.resumeFloor = 695
      self.attempting(&$0.player.session, loadingAt: TrackLocation(index: 1, positionInTrack: 95))
    }
    store.send(
      .player(.playback(.engineReported(report(.playing, track: 1, at: 95)), at: t0 + 1)),
      effects: [.cancelTimer(watchdog), .startTimer(autosave, after: .seconds(10), repeating: true)]
    ) {
      $0.player.session.snapshot.state = .playing
      $0.player.session.snapshot.seekID = SeekID(1)
      $0.player.session.historyStart = SpanStart(position: 695, at: self.t0 + 1)
      self.playing(&$0.player.session)
    }
  }

  func testPlayLoadsTheBookLooksUpThePlaceAndPlaysFromIt() {
    var store = ReducerTestStore(F.signedIn())
    playToPlaying(&store)
    XCTAssertEqual(store.state.player.nowPlaying?.chapterTitle, "The Harvest")
    XCTAssertEqual(store.state.player.nowPlaying?.bookPosition, 695)
  }

  func testProgressReportsMoveOnlyThePlace() {
    var store = ReducerTestStore(F.signedIn())
    playToPlaying(&store)
    // 4 s after playing: before the autosave's report (see SessionReportTimingTests).
    store.send(.player(.playback(.engineReported(report(.playing, track: 1, at: 125)), at: t0 + 5))) {
      $0.player.session.snapshot.position = 125
    }
  }

  /// A seek while playing closes the listening span (39 s, long enough for
  /// the history), moves the place at once (and holds it there until the
  /// engine reports the seek's id), lowers the floor a save may not go
  /// below, and saves the new place.
  func testSeekingBackToAChapterRecordsTheSpanMovesAndSaves() {
    var store = ReducerTestStore(F.signedIn())
    playToPlaying(&store)
    // 4 s after playing: before the autosave's report (see SessionReportTimingTests).
    store.send(.player(.playback(.engineReported(report(.playing, track: 1, at: 125)), at: t0 + 5))) {
      $0.player.session.snapshot.position = 125
    }
    let span = ListeningSpan(key: key, from: 695, to: 725, startedAt: t0 + 1, endedAt: t0 + 40)
    store.send(
      .player(.playback(.seekInBook(300), at: t0 + 40)),
      effects: [
        .playback(.recordListening(span)),
        .engine(.seek(trackIndex: 0, position: 300, seekID: SeekID(2)), book: nil),
        save(300, at: t0 + 40),
      ]
    ) {
      $0.player.session.snapshot.trackIndex = 0
      $0.player.session.snapshot.position = 300
      $0.player.session.lastSeekID = SeekID(2)
      $0.player.session.pendingSeek = PendingSeek(
        id: SeekID(2), location: TrackLocation(index: 0, positionInTrack: 300))
      $0.player.session.resumeFloor = 300
      $0.player.session.historyStart = SpanStart(position: 300, at: self.t0 + 40)
    }
    XCTAssertEqual(store.state.player.nowPlaying?.chapterTitle, "The Graft")
  }

  /// Pause asks the engine to pause; the save comes with the engine's
  /// report of where it stopped (a span under 20 s is not history).
  func testPauseStopsTheEngineThenSavesWhereItStopped() {
    var store = ReducerTestStore(F.signedIn())
    playToPlaying(&store)
    pauseFromPlaying(&store)
  }

  /// Pause 10 s into `playToPlaying`: the engine is asked to pause, and
  /// the save comes with its report of where it stopped (a span under
  /// 20 s is not history).
  private func pauseFromPlaying(_ store: inout ReducerTestStore) {
    store.send(.player(.playback(.pause, at: t0 + 10)), effects: [.engine(.pause, book: nil)]) {
      $0.player.session.intent = .none
      $0.player.session.pausedAt = self.t0 + 10
    }
    store.send(
      .player(.playback(.engineReported(report(.paused, track: 1, at: 105)), at: t0 + 10)),
      effects: [save(705, at: t0 + 10), .cancelTimer(autosave)]
    ) {
      $0.player.session.snapshot = self.report(.paused, track: 1, at: 105)
      $0.player.session.historyStart = nil
      $0.player.session.resumeFloor = 705
      self.stopped(&$0.player.session)
    }
  }

  /// The sleep timer notification's Play: while the book plays it changes
  /// nothing (never a pause); once paused it is Play, exactly.
  func testResumeFromTheNotificationPlaysOnAndNeverPauses() {
    var store = ReducerTestStore(F.signedIn())
    playToPlaying(&store)
    store.send(.player(.resumeRequested(at: t0 + 5)))
    pauseFromPlaying(&store)
    var played = store.state
    let playEffects = reduce(&played, .player(.playback(.toggle, at: t0 + 20)))
    XCTAssertTrue(playEffects.contains(.engine(.play, book: nil)), "\(playEffects)")
    store.send(.player(.resumeRequested(at: t0 + 20)), effects: playEffects) { $0 = played }
  }

  /// The end: saved as finished, and the Player page offers the next book
  /// in the folder, with the 15 s countdown when "Play the Next Book" is on.
  func testTheEndOfTheBookSavesItFinishedAndCountsDownToTheNext() {
    var initial = F.signedIn()
    initial.settings.playNextBook = true
    initial.library.books[F.bookPath] = .loaded(F.book)
    initial.library.folders[F.author] = .loaded(F.authorEntries)
    var store = ReducerTestStore(initial)
    store.send(
      .player(.playRequested(F.bookPath, .position(1190), at: t0)),
      effects: [
        .startTimer(watchdog, after: .seconds(3), repeating: false),
        .engine(.load(tracks: tracks, startIndex: 1, position: 590, clips: queue.chapterClips, seekID: SeekID(1)),
          book: engineBook),
        .engine(.setRate(1), book: nil),
        .engine(.play, book: nil),
      ]
    ) {
      $0.player.session.rules.autoRewindLimit = 5
      $0.player.session.lastRequest = self.request(at: 1190)
      $0.player.session.nowPlaying = self.loaded
      $0.player.session.snapshot = EngineSnapshot(state: .loading, trackIndex: 1, position: 590, duration: 600)
      $0.player.session.resumeFloor = 1190
      self.attempting(&$0.player.session, loadingAt: TrackLocation(index: 1, positionInTrack: 590))
    }
    store.send(
      .player(.playback(.engineReported(report(.playing, track: 1, at: 590)), at: t0 + 1)),
      effects: [.cancelTimer(watchdog), .startTimer(autosave, after: .seconds(10), repeating: true)]
    ) {
      $0.player.session.snapshot.state = .playing
      $0.player.session.snapshot.seekID = SeekID(1)
      $0.player.session.historyStart = SpanStart(position: 1190, at: self.t0 + 1)
      self.playing(&$0.player.session)
    }
    store.send(
      .player(.playback(.engineReported(report(.ended, track: 1, at: 600)), at: t0 + 11)),
      effects: [
        save(1200, finished: true, at: t0 + 11), .cancelTimer(autosave),
        .startTimer(.upNextTick, after: .seconds(1), repeating: true),
      ]
    ) {
      $0.player.session.snapshot = self.report(.ended, track: 1, at: 600)
      $0.player.session.historyStart = nil
      $0.player.session.resumeFloor = 1200
      self.stopped(&$0.player.session)
      $0.player.upNext = UpNext(finished: F.bookPath, secondsLeft: 15)
    }
    XCTAssertEqual(selectUpNextCard(store.state)?.next, F.nextBookPath)
  }

  /// A book whose files the server says to transcode: the load says so,
  /// and names the book, so the app's playback services turn its tracks
  /// into transcoded streams without reading the store back.
  func testABookTheServerTranscodesIsLoadedSayingSo() {
    var book = F.book
    book.directPlayable = false
    var initial = F.signedIn()
    initial.connections.capabilities[F.server.serverID] = ServerCapabilities(transcode: true)
    initial.library.books[F.bookPath] = .loaded(book)
    var store = ReducerTestStore(initial)
    store.send(
      .player(.playRequested(F.bookPath, .position(1190), at: t0)),
      effects: [
        .startTimer(watchdog, after: .seconds(3), repeating: false),
        .engine(
          .load(tracks: tracks, startIndex: 1, position: 590, clips: queue.chapterClips, seekID: SeekID(1)),
          book: EngineBook(key: key, transcoded: true, marks: engineMarks(queue), access: F.server.access)),
        .engine(.setRate(1), book: nil),
        .engine(.play, book: nil),
      ]
    ) {
      var request = self.request(at: 1190)
      request.book = book
      var loaded = self.loaded
      loaded.book = book
      $0.player.session.rules.autoRewindLimit = 5
      $0.player.session.lastRequest = request
      $0.player.session.nowPlaying = loaded
      $0.player.session.snapshot = EngineSnapshot(state: .loading, trackIndex: 1, position: 590, duration: 600)
      $0.player.session.resumeFloor = 1190
      self.attempting(&$0.player.session, loadingAt: TrackLocation(index: 1, positionInTrack: 590))
    }
  }
}
