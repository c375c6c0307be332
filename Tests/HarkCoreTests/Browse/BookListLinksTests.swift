import Foundation
import HarkCore
import XCTest

/// All Books reached from a Book page ("More by …"), Try Again after a
/// failed page, the remembered layout, and what a server coming back does.
final class BookListLinksTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let bookPath = LibraryPath(serverID: "a", libraryID: 2, path: "Ada Long/Saga/Book 1")
  private lazy var byAda = BookListQuery(serverID: "a", libraryID: 2, author: "Ada Long")

  private func onBookPage() -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 2, name: "Big Library")])
    _ = reduce(&state, .library(.bookOpened(bookPath)))
    let book = Book(libraryID: 2, relPath: bookPath.path, title: "Book 1", author: "Ada Long", series: "Saga")
    _ = reduce(&state, .library(.bookLoaded(bookPath, .success(book))))
    return state
  }

  func testTheBookPageLinksToItsAuthorAndSeries() throws {
    let view = try XCTUnwrap(selectBookPage(onBookPage(), now: Date(timeIntervalSince1970: 1_800_000_000)))
    XCTAssertEqual(view.related.map(\.label), ["More by Ada Long", "More in Saga"])
    XCTAssertEqual(view.related.map(\.query), [byAda, BookListQuery(serverID: "a", libraryID: 2, series: "Saga")])
  }

  func testABookWithNoAuthorOrSeriesLinksNowhere() throws {
    var state = onBookPage()
    let blank = Book(libraryID: 2, relPath: bookPath.path, title: "Book 1", author: "  ", series: "")
    _ = reduce(&state, .library(.bookLoaded(bookPath, .success(blank))))
    XCTAssertEqual(try XCTUnwrap(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))).related, [])
  }

  func testMoreByOpensTheFilteredListAndBackReturnsToTheBook() {
    var state = onBookPage()
    XCTAssertEqual(reduce(&state, .library(.filteredBooksOpened(byAda))), [.loadBooksPage(byAda, .server(home.access), cursor: nil)])
    XCTAssertEqual(state.navigation.page, .library)
    XCTAssertEqual(selectBookList(state)?.filter, "Books by Ada Long")
    // Showing every book keeps the way back to the Book page.
    let all = BookListQuery(serverID: "a", libraryID: 2)
    XCTAssertEqual(reduce(&state, .library(.bookFilterChanged(author: nil, series: nil))), [.loadBooksPage(all, .server(home.access), cursor: nil)])
    XCTAssertNil(selectBookList(state)?.filter)
    _ = reduce(&state, .library(.allBooksClosed))
    XCTAssertEqual(state.navigation.page, .book)
    XCTAssertNil(state.library.bookList)
  }

  func testAllBooksOpenedFromAFolderStaysOnTheLibraryWhenClosed() {
    var state = onBookPage()
    _ = reduce(&state, .library(.allBooksOpened(serverID: "a", libraryID: 2)))
    _ = reduce(&state, .library(.allBooksClosed))
    XCTAssertEqual(state.navigation.page, .library)
  }

  func testTryAgainReadsTheFirstPageOrThePageThatFailed() {
    var state = onBookPage()
    _ = reduce(&state, .library(.filteredBooksOpened(byAda)))
    XCTAssertEqual(reduce(&state, .library(.booksRetryRequested)), [], "nothing failed")
    _ = reduce(&state, .library(.booksPageLoaded(byAda, .failure(FailureMessage("timed out")))))
    XCTAssertEqual(reduce(&state, .library(.booksRetryRequested)), [.loadBooksPage(byAda, .server(home.access), cursor: nil)])
    let first = BooksPage(books: [Book(libraryID: 2, relPath: "x", title: "X")], nextCursor: "c2")
    _ = reduce(&state, .library(.booksPageLoaded(byAda, .success(first))))
    _ = reduce(&state, .library(.moreBooksRequested))
    _ = reduce(&state, .library(.booksPageLoaded(byAda, .failure(FailureMessage("timed out")))))
    XCTAssertEqual(selectBookList(state)?.tiles.count, 1, "what was shown stays")
    XCTAssertEqual(reduce(&state, .library(.booksRetryRequested)), [.loadBooksPage(byAda, .server(home.access), cursor: "c2")])
    XCTAssertEqual(selectBookList(state)?.status, .loading)
  }

  func testTheLayoutIsSavedWhenChangedButNotWhenLoaded() {
    var state = AppState()
    XCTAssertEqual(reduce(&state, .library(.layoutLoaded(.list))), [])
    XCTAssertEqual(state.library.layout, .list)
    XCTAssertEqual(reduce(&state, .library(.layoutChanged(.list))), [], "unchanged: nothing to write")
    XCTAssertEqual(reduce(&state, .library(.layoutChanged(.grid))), [.persistLayout(.grid)])
  }

  func testAFailureWhileTheServerIsAwaySaysSoAndReloadsWhenItIsBack() throws {
    var state = onBookPage()
    let folder = bookPath.at("Ada Long")
    _ = reduce(&state, .library(.folderOpened(folder)))
    _ = reduce(&state, .connections(.reachabilityChanged(serverID: "a", reachable: false)))
    _ = reduce(&state, .library(.folderLoaded(folder, .failure(FailureMessage("Could not connect.")))))
    let offline = try XCTUnwrap(selectFolderView(state)?.offline)
    XCTAssertTrue(offline.contains("“Home” is not answering"), offline)
    let effects = reduce(&state, .connections(.reachabilityChanged(serverID: "a", reachable: true)))
    // The folder is read again; offline the loaded book may be the one
    // last seen (`LibraryCache`): read afresh, while it stays on screen as it was.
    XCTAssertEqual(
      effects,
      [.cancelTimer(.reachabilityProbe), .loadLibraries(home.access), .browseFolder(folder, .server(home.access)), .loadBook(bookPath, .server(home.access))])
    guard case .loaded? = state.library.books[bookPath] else { return XCTFail("no spinner over the book") }
    XCTAssertNil(selectFolderView(state)?.offline)
    XCTAssertEqual(selectFolderView(state)?.rows, .loading)
    XCTAssertEqual(
      reduce(&state, .connections(.reachabilityChanged(serverID: "a", reachable: true))), [],
      "only the offline → online edge reloads")
  }
}
