import Foundation
import HarkCore
import XCTest

/// After a restart or a crash the mini-player offers the book listened to
/// last, paused at its place, one press from resuming.
final class RememberedBookTests: XCTestCase {
  private let path = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  private var book: Book {
    Book(
      libraryID: 1, relPath: path.path, isFolder: true, title: "A Clockwork Orchard", duration: 100,
      files: [BookFile(relPath: "Quill/Orchard/book.m4b", duration: 100)],
      chapters: [
        Chapter(index: 0, title: "The Brass Seed", filePath: "Quill/Orchard/book.m4b", start: 0, end: 18),
        Chapter(index: 1, title: "Winding the Trees", filePath: "Quill/Orchard/book.m4b", start: 18, end: 100),
      ])
  }

  private func started() -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    return state
  }

  func testTheMiniPlayerOffersTheLastBookAndPlayResumesIt() {
    var state = started()
    XCTAssertEqual(selectMiniPlayer(state).title, "Not Playing")
    XCTAssertEqual(reduce(&state, .player(.lastPlaceRemembered(path, position: 30))), [.loadBook(path, .server(ServerAccess(serverID: "a", baseURL: URL(string: "https://a.example.com")!)))])
    var bar = selectMiniPlayer(state)
    XCTAssertEqual([bar.title, bar.subtitle], ["Orchard", "0:30"], "its folder's name until the server answers")
    XCTAssertTrue(bar.isActive)
    XCTAssertFalse(bar.canSkip, "nothing is loaded to skip in")
    XCTAssertFalse(bar.isPlaying)
    XCTAssertEqual(bar.book, path, "its cover")

    _ = reduce(&state, .library(.bookLoaded(path, .success(book))))
    bar = selectMiniPlayer(state)
    XCTAssertEqual([bar.title, bar.subtitle], ["A Clockwork Orchard", "Winding the Trees · 0:12"])

    // Play: the book resumes where the listener was (looked up as any resume is).
    let effects = reduce(&state, .player(.playback(.toggle, at: t0)))
    XCTAssertEqual(effects, [.playback(.lookUpResume(path))])
    XCTAssertEqual(selectMiniPlayer(state).title, "A Clockwork Orchard", "still offered while its place is looked up")
    _ = reduce(&state, .player(.playback(.resumeLookedUp(path, .empty), at: t0)))
    XCTAssertNotNil(state.player.session.nowPlaying)
    XCTAssertNil(state.player.remembered, "loaded: the player's own book from now on")
  }

  func testABookAlreadyPlayingIsNotReplaced() {
    var state = started()
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(50), at: t0)))
    let other = path.at("Quill/Other")
    XCTAssertEqual(reduce(&state, .player(.lastPlaceRemembered(other, position: 5))), [])
    XCTAssertNil(state.player.remembered)
  }
}
