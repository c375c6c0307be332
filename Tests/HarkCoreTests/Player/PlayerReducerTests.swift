import Foundation
import HarkCore
import XCTest

/// The player session inside the app's store: Play waits for the book,
/// starts at a chapter or where the listener was, and the session's timers
/// run as store timers that find their way back.
final class PlayerReducerTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let path = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  /// The flows' book (two 10-minute files, three chapters: 0–5, 5–10 in
  /// file 1, 0–10 in file 2) with a first chapter titled like a file name,
  /// which the Player page shows cleaned up.
  private var book: Book {
    var book = FlowFixtures.book
    book.chapters[0].title = "01_the_seed"
    return book
  }

  private func signedIn() -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    return state
  }

  private let watchdog = TimerID("playback.stallWatchdog")

  /// The effects of a start: the stall watchdog, then the engine loaded at
  /// `track`/`position` with the book's files (never its folder), at the
  /// book's speed, then played. The load is the session's first move.
  private func startEffects(track: Int, position: Double) -> [Effect] {
    let queue = buildBookQueue(book: book)
    XCTAssertEqual(queue.tracks.map(\.path), ["Quill/Orchard/01.mp3", "Quill/Orchard/02.mp3"])
    return [
      .startTimer(watchdog, after: .seconds(3), repeating: false),
      .engine(
        .load(tracks: queue.tracks, startIndex: track, position: position, clips: queue.chapterClips,
          seekID: SeekID(1)),
        // The chapter that starts 5 minutes into the first file is its mark.
        book: EngineBook(key: path, transcoded: false, marks: [[300], []], access: home.access)),
      .engine(.setRate(1), book: nil),
      .engine(.play, book: nil),
    ]
  }

  func testPlayWaitsForTheBookThenLooksUpWhereTheListenerWas() {
    var state = signedIn()
    let effects = reduce(&state, .player(.playRequested(path, .resume, at: t0)))
    XCTAssertEqual(effects, [.loadBook(path, .server(home.access))], "the folder path never reaches the engine")
    XCTAssertEqual(state.player.waiting?.book, path)
    XCTAssertNil(state.player.nowPlaying)

    let loaded = reduce(&state, .library(.bookLoaded(path, .success(book))))
    XCTAssertEqual(loaded, [.playback(.lookUpResume(path))])
    XCTAssertNil(state.player.waiting)

    let record = ProgressRecord(key: path, position: 700, deviceID: "d", updatedAt: t0)
    let started = reduce(&state, .player(.playback(.resumeLookedUp(path, .progress(record)), at: t0)))
    // 700 s into the book is 100 s into the second file (saved just now: no auto-rewind).
    XCTAssertEqual(started, startEffects(track: 1, position: 100))
  }

  func testPlayingFromAChapterStartsAtItsPlaceOnTheBookTimeline() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    let effects = reduce(&state, .player(.playRequested(path, .chapter(2), at: t0)))
    XCTAssertEqual(effects, startEffects(track: 1, position: 0), "a chosen place needs no lookup")

    // The engine reaches playing 2 minutes into the chapter.
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, trackIndex: 1, position: 120, duration: 600, seekID: SeekID(1))), at: t0)))
    let playing = state.player.nowPlaying
    XCTAssertEqual(playing?.title, "A Clockwork Orchard")
    XCTAssertEqual(playing?.chapterTitle, "The Harvest")
    XCTAssertEqual(playing?.bookPosition ?? 0, 720, accuracy: 0.001)
    XCTAssertEqual(playing?.chapterStart ?? 0, 600, accuracy: 0.001)
    XCTAssertEqual(playing?.chapterEnd ?? 0, 1200, accuracy: 0.001)
    XCTAssertEqual(playing?.isPlaying, true)
    XCTAssertEqual(selectMiniPlayer(state).timeLeftText, "8:00 left")
    XCTAssertEqual(selectMiniPlayer(state).book, path, "the mini-player shows this book's cover")
  }

  func testAStalledPlayIsAnErrorWhenTheStoreTimerFires() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(30), at: t0)))
    XCTAssertNil(state.player.session.failure)
    _ = reduce(&state, .timer(.fired(TimerID("playback.stallWatchdog"), at: t0.addingTimeInterval(3))))
    XCTAssertEqual(state.player.session.failure, .stalled)
    XCTAssertEqual(state.player.session.snapshot.state, .error)
  }

  func testSpeedsUpToThreeTimesAreAllowedAsInPreferences() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(0), at: t0)))
    _ = reduce(&state, .player(.playback(.setRate(2.75), at: t0)))
    XCTAssertEqual(state.player.session.rate, 2.75, "Hark's range is 0.5–3×, not the reference's 2×")
  }

  func testSignedOutOfTheServerNothingStarts() {
    var state = signedIn()
    state.connections.servers[0].needsReconnect = true
    state.library.books[path] = .loaded(book)
    XCTAssertEqual(reduce(&state, .player(.playRequested(path, .resume, at: t0))), [])
    XCTAssertNil(state.player.nowPlaying)
  }

  func testSigningOutStopsItsBookAndSavesWhereItWas() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(700), at: t0)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, trackIndex: 1, position: 130, duration: 600, seekID: SeekID(1))), at: t0)))
    let later = t0.addingTimeInterval(30)
    let effects = reduce(&state, .connections(.signOutRequested(serverID: "a", at: later)))
    let key = path
    XCTAssertEqual(
      effects,
      [
        // The 30 s heard go to the history, the last place is saved before
        // the token goes, the engine stops, and the queued saves are sent
        // (the sign-out follows their answer).
        .playback(.recordListening(ListeningSpan(key: key, from: 730, to: 730, startedAt: t0, endedAt: later))),
        .cancelTimer(TimerID("playback.autosave")),
        .playback(
          .saveProgress(
            ProgressRecord(
              key: key, position: 730, duration: 1200, finished: false, playbackSpeed: 1, deviceID: "",
              updatedAt: later))),
        .engine(.reset, book: nil),
        .flushProgress(serverID: "a"),
      ])
    XCTAssertNil(state.player.nowPlaying)
  }

  /// Ctrl+B adds a bookmark where playback is, and the window is told so
  /// once per bookmark (two at the same place are two notices).
  func testABookmarkAddedFromThePlayerIsToldWithItsPlace() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .chapter(2), at: t0)))
    XCTAssertNil(selectBookmarkNotice(state))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, trackIndex: 1, position: 75, duration: 600, seekID: SeekID(1))), at: t0)))
    _ = reduce(&state, .player(.bookmarkHereRequested))
    XCTAssertEqual(selectBookmarkNotice(state), BookmarkNoticeText(serial: 1, text: "Bookmark added at 11:15"))
    _ = reduce(&state, .player(.bookmarkHereRequested))
    XCTAssertEqual(selectBookmarkNotice(state)?.serial, 2)
  }

  func testNoBookmarkIsToldWithNothingPlaying() {
    var state = signedIn()
    XCTAssertEqual(reduce(&state, .player(.bookmarkHereRequested)), [])
    XCTAssertNil(selectBookmarkNotice(state))
  }

  /// The skip buttons and ←/→ jump by the seconds chosen in Preferences,
  /// read by the reducer at the moment of the press: no view keeps a copy
  /// that a change in Preferences could leave behind.
  func testSkipsJumpByTheSecondsChosenInPreferences() {
    var state = signedIn()
    state.library.books[path] = .loaded(book)
    state.settings.skipBackSeconds = 10
    state.settings.skipForwardSeconds = 45
    _ = reduce(&state, .player(.playRequested(path, .chapter(2), at: t0)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, trackIndex: 1, position: 120, duration: 600, seekID: SeekID(1))), at: t0)))

    for (direction, seconds) in [(SkipDirection.back, -10.0), (.forward, 45.0)] {
      var skipped = state
      var explicit = state
      let effects = reduce(&skipped, .player(.skipped(direction, at: t0)))
      XCTAssertEqual(effects, reduce(&explicit, .player(.playback(.skip(seconds: seconds), at: t0))))
      XCTAssertEqual(skipped, explicit)
      XCTAssertFalse(effects.isEmpty, "a skip while playing moves the engine")
    }

    state.settings.skipBackSeconds = 30  // changed in Preferences meanwhile
    var skipped = state
    var explicit = state
    XCTAssertEqual(
      reduce(&skipped, .player(.skipped(.back, at: t0))),
      reduce(&explicit, .player(.playback(.skip(seconds: -30), at: t0))))
    XCTAssertEqual(skipped, explicit)
  }
}
