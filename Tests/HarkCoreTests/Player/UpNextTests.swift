import Foundation
import HarkCore
import XCTest

/// The end of a book: the Up Next card with the next book in its folder,
/// and with "Play the Next Book" on, a 15 s countdown that starts it.
final class UpNextTests: XCTestCase {
  private let series = LibraryPath(serverID: "a", libraryID: 1, path: "Wight/Cradle")
  private var first: LibraryPath { series.at("Wight/Cradle/Book 1") }
  private var second: LibraryPath { series.at("Wight/Cradle/Book 2") }
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)
  private let home = Reach.server(ServerAccess(serverID: "a", baseURL: URL(string: "https://a.example.com")!))
  private let entries = [
    FsEntry(name: "Book 1", path: "Wight/Cradle/Book 1", isDir: true, isBook: true, title: "Unsouled"),
    FsEntry(name: "Book 2", path: "Wight/Cradle/Book 2", isDir: true, isBook: true, title: "Soulsmith"),
    FsEntry(name: "Extras", path: "Wight/Cradle/Extras", isDir: true),
  ]

  private func book(_ path: LibraryPath) -> Book {
    Book(
      libraryID: 1, relPath: path.path, isFolder: true, title: "Unsouled", duration: 100,
      files: [BookFile(relPath: "\(path.path)/book.m4b", duration: 100)])
  }

  /// Book 1 playing at 90 s of 100, its folder known unless `folderKnown` is false.
  private func playingTheFirstBook(playNext: Bool, folderKnown: Bool = true) -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    state.settings.playNextBook = playNext
    if folderKnown { state.library.folders[series] = .loaded(entries) }
    state.library.books[first] = .loaded(book(first))
    _ = reduce(&state, .player(.playRequested(first, .position(90), at: t0)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: 90, duration: 100, seekID: SeekID(1))), at: t0)))
    return state
  }

  private func end(_ state: inout AppState) -> [Effect] {
    reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .ended, position: 100, duration: 100, seekID: SeekID(1))), at: t0)))
  }

  private let upNextTick = TimerID("player.upNextTick")

  /// What the end of Book 1 asks for besides the Up Next card's own
  /// effects: the save that says finished, and the autosave stopped.
  private var finishedEffects: [Effect] {
    [
      .playback(
        .saveProgress(
          ProgressRecord(
            key: first, position: 100, duration: 100, finished: true, playbackSpeed: 1, deviceID: "", updatedAt: t0))),
      .cancelTimer(TimerID("playback.autosave")),
    ]
  }

  private func tick(_ state: inout AppState, _ seconds: Int) -> [Effect] {
    var effects: [Effect] = []
    for _ in 0..<seconds { effects = reduce(&state, .timer(.fired(TimerID("player.upNextTick"), at: t0))) }
    return effects
  }

  func testTheEndOfABookOffersTheNextOneAndCountsDownToIt() {
    var state = playingTheFirstBook(playNext: true)
    XCTAssertNil(selectUpNextCard(state), "no card while the book plays")
    // The folder is known: nothing to load for the card.
    XCTAssertEqual(end(&state), finishedEffects + [.startTimer(upNextTick, after: .seconds(1), repeating: true)])
    XCTAssertEqual(
      selectUpNextCard(state), UpNextCard(next: second, title: "Soulsmith", subtitle: "", countdownText: "Starts in 15s"))
    _ = tick(&state, 5)
    XCTAssertEqual(selectUpNextCard(state)?.countdownText, "Starts in 10s")
    // Book 2 plays once it is loaded.
    XCTAssertEqual(tick(&state, 10), [.cancelTimer(upNextTick), .loadBook(second, home)])
    XCTAssertEqual(state.player.waiting?.book, second)
    XCTAssertNil(selectUpNextCard(state))
  }

  func testWithTheSettingOffTheCardWaitsForPlay() {
    var state = playingTheFirstBook(playNext: false)
    XCTAssertEqual(end(&state), finishedEffects, "no countdown")
    XCTAssertEqual(selectUpNextCard(state)?.countdownText, "")
    XCTAssertEqual(selectUpNextCard(state)?.title, "Soulsmith")
    XCTAssertEqual(reduce(&state, .player(.upNextPlayRequested(at: t0))), [.loadBook(second, home)])
  }

  func testCancelStopsTheCountdownButKeepsTheCard() {
    var state = playingTheFirstBook(playNext: true)
    _ = end(&state)
    _ = tick(&state, 3)
    XCTAssertEqual(reduce(&state, .player(.upNextCountdownCancelled)), [.cancelTimer(TimerID("player.upNextTick"))])
    XCTAssertEqual(selectUpNextCard(state)?.countdownText, "")
    XCTAssertEqual(tick(&state, 20), [.cancelTimer(TimerID("player.upNextTick"))], "a late tick plays nothing")
    XCTAssertNil(state.player.waiting)
    XCTAssertNotNil(selectUpNextCard(state))
  }

  func testAnUnknownFolderIsLoadedForTheCard() {
    var state = playingTheFirstBook(playNext: false, folderKnown: false)
    XCTAssertEqual(end(&state), finishedEffects + [.browseFolder(series, home)])
    XCTAssertNil(selectUpNextCard(state), "no empty card while the folder loads")
    _ = reduce(&state, .library(.folderLoaded(series, .success(entries))))
    XCTAssertEqual(selectUpNextCard(state)?.title, "Soulsmith")
  }

  func testTheLastBookHasNoCardAndTheCountdownPlaysNothing() {
    var state = playingTheFirstBook(playNext: true)
    state.library.folders[series] = .loaded(Array(entries.prefix(1)))
    _ = end(&state)
    XCTAssertNil(selectUpNextCard(state))
    XCTAssertEqual(tick(&state, 15), [.cancelTimer(upNextTick)], "the countdown ends, nothing loads")
    XCTAssertNil(state.player.waiting)
  }

  func testPlayingAnotherBookEndsTheCard() {
    var state = playingTheFirstBook(playNext: true)
    _ = end(&state)
    let other = series.at("Wight/Cradle/Book 9")
    XCTAssertEqual(reduce(&state, .player(.playRequested(other, .resume, at: t0))), [.loadBook(other, home)])
    XCTAssertNotNil(state.player.upNext, "still offered until the other book really starts")
    state.library.books[other] = .loaded(book(other))
    XCTAssertEqual(
      reduce(&state, .library(.bookLoaded(other, .success(book(other))))),
      [.cancelTimer(upNextTick), .playback(.lookUpResume(other))])
    XCTAssertNil(selectUpNextCard(state))
  }
}
