import Foundation
import HarkCore
import XCTest

/// Browsing through the real reducer: what is loaded, when, and what is
/// kept in memory.
final class LibraryReducerTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private lazy var root = LibraryPath(serverID: "a", libraryID: 1, path: "")
  private lazy var series = root.at("Will Wight/Cradle")

  private func signedIn() -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    return state
  }

  func testOpeningALibraryLoadsItsRootOnce() {
    var state = signedIn()
    state.navigation.page = .player
    XCTAssertEqual(reduce(&state, .library(.libraryOpened(serverID: "a", libraryID: 1))), [.browseFolder(root, .server(home.access))])
    XCTAssertEqual(state.library.folder, root)
    XCTAssertEqual(state.library.folders[root], .loading)
    XCTAssertEqual(state.navigation.page, .library)
    let entries = [FsEntry(name: "Will Wight", path: "Will Wight", isDir: true)]
    XCTAssertEqual(reduce(&state, .library(.folderLoaded(root, .success(entries)))), [])
    XCTAssertEqual(state.library.folders[root], .loaded(entries))
    // Back home and in again: shown from memory, no second request.
    XCTAssertEqual(reduce(&state, .library(.homeRequested)), [])
    XCTAssertNil(state.library.folder)
    XCTAssertEqual(reduce(&state, .library(.libraryOpened(serverID: "a", libraryID: 1))), [])
    XCTAssertEqual(state.library.folder, root)
  }

  func testAFailedFolderIsRetriedWhenOpenedAgainOrOnTryAgain() {
    var state = signedIn()
    _ = reduce(&state, .library(.folderOpened(series)))
    _ = reduce(&state, .library(.folderLoaded(series, .failure(FailureMessage("Home is offline.")))))
    XCTAssertEqual(state.library.folders[series], .failed("Home is offline."))
    XCTAssertEqual(reduce(&state, .library(.retryRequested(series))), [.browseFolder(series, .server(home.access))])
    XCTAssertEqual(state.library.folders[series], .loading)
    _ = reduce(&state, .library(.folderLoaded(series, .failure(FailureMessage("again")))))
    _ = reduce(&state, .library(.homeRequested))
    XCTAssertEqual(reduce(&state, .library(.folderOpened(series))), [.browseFolder(series, .server(home.access))])
    XCTAssertEqual(reduce(&state, .library(.retryRequested(root))), [], "not on screen: nothing to retry")
  }

  func testOpeningABookShowsTheBookPageAndLoadsIt() {
    var state = signedIn()
    let book = series.at("Will Wight/Cradle/Book 2")
    XCTAssertEqual(
      reduce(&state, .library(.bookOpened(book))),
      [.loadBook(book, .server(home.access)), .loadBookExtras(book, .server(home.access), favourites: true, metadata: false), .browseFolder(series, .server(home.access))],
      "the book, the listener's state, and its folder for \"up next\"")
    XCTAssertEqual(state.navigation.page, .book)
    XCTAssertEqual(state.library.book, book)
    XCTAssertNil(selectEmptyState(state, page: .book))
    let loaded = Book(libraryID: 1, relPath: book.path, title: "Soulsmith")
    _ = reduce(&state, .library(.bookLoaded(book, .success(loaded))))
    XCTAssertEqual(state.library.books[book], .loaded(loaded))
    _ = reduce(&state, .ui(.pageSelected(.library)))
    XCTAssertEqual(
      reduce(&state, .library(.bookOpened(book))), [.loadBookExtras(book, .server(home.access), favourites: true, metadata: false)],
      "the book is kept; the listener's own state is read again")
  }

  func testUpNextIsTheNextBookInTheFolderByNaturalOrder() throws {
    var state = signedIn()
    let entries = [
      FsEntry(name: "Book 10", path: "Will Wight/Cradle/Book 10", isDir: true, isBook: true, title: "Bloodline"),
      FsEntry(name: "Book 2", path: "Will Wight/Cradle/Book 2", isDir: true, isBook: true, title: "Soulsmith"),
      FsEntry(name: "Book 3", path: "Will Wight/Cradle/Book 3", isDir: true, isBook: true, title: "Blackflame"),
      FsEntry(name: "Extras", path: "Will Wight/Cradle/Extras", isDir: true),
    ]
    _ = reduce(&state, .library(.folderOpened(series)))
    _ = reduce(&state, .library(.folderLoaded(series, .success(entries))))
    let third = series.at("Will Wight/Cradle/Book 3")
    let effects = reduce(&state, .library(.bookOpened(third)))
    XCTAssertEqual(
      effects, [.loadBook(third, .server(home.access)), .loadBookExtras(third, .server(home.access), favourites: true, metadata: false)],
      "the folder is already known: not read again")
    _ = reduce(&state, .library(.bookLoaded(third, .success(Book(libraryID: 1, relPath: third.path)))))
    XCTAssertEqual(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.upNext?.title, "Bloodline", "Book 10 after Book 3, not Extras")
    let last = series.at("Will Wight/Cradle/Book 10")
    _ = reduce(&state, .library(.bookOpened(last)))
    _ = reduce(&state, .library(.bookLoaded(last, .success(Book(libraryID: 1, relPath: last.path)))))
    XCTAssertNil(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.upNext, "a trailing Extras folder is not a next book")
  }

  func testSigningOutForgetsWhatWasLoadedFromThatServer() {
    var state = signedIn()
    let book = root.at("Book")
    _ = reduce(&state, .library(.folderOpened(series)))
    _ = reduce(&state, .library(.bookOpened(book)))
    _ = reduce(&state, .connections(.signedOut(serverID: "a")))
    XCTAssertNil(state.library.folder)
    XCTAssertNil(state.library.book)
    XCTAssertTrue(state.library.folders.isEmpty && state.library.books.isEmpty)
    // A late answer for a server signed out of is dropped.
    _ = reduce(&state, .library(.folderLoaded(series, .success([]))))
    XCTAssertTrue(state.library.folders.isEmpty)
  }
}
