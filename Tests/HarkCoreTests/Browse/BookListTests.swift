import Foundation
import HarkCore
import XCTest

/// All Books: keyset pages as the listener scrolls, a new sort starts over,
/// and a page for an old sort is dropped.
final class BookListTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private lazy var byTitle = BookListQuery(serverID: "a", libraryID: 2)

  private func book(_ n: Int) -> Book { Book(libraryID: 2, relPath: "B\(n)", title: "Book \(n)") }

  private func opened() -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 2, name: "Big Library")])
    XCTAssertEqual(reduce(&state, .library(.allBooksOpened(serverID: "a", libraryID: 2))), [.loadBooksPage(byTitle, .server(home.access), cursor: nil)])
    return state
  }

  func testPagesAreReadOneAtATimeUntilTheLast() {
    var state = opened()
    XCTAssertEqual(selectBookList(state)?.status, .loading)
    XCTAssertEqual(reduce(&state, .library(.moreBooksRequested)), [], "the first page is still on its way")
    _ = reduce(&state, .library(.booksPageLoaded(byTitle, .success(BooksPage(books: [book(1), book(2)], nextCursor: "c2")))))
    XCTAssertEqual(selectBookList(state)?.tiles.map(\.title), ["Book 1", "Book 2"])
    XCTAssertEqual(selectBookList(state)?.title, "Big Library")
    XCTAssertEqual(reduce(&state, .library(.moreBooksRequested)), [.loadBooksPage(byTitle, .server(home.access), cursor: "c2")])
    XCTAssertEqual(reduce(&state, .library(.moreBooksRequested)), [], "one page at a time")
    _ = reduce(&state, .library(.booksPageLoaded(byTitle, .success(BooksPage(books: [book(3)], nextCursor: nil)))))
    XCTAssertEqual(selectBookList(state)?.tiles.count, 3)
    XCTAssertEqual(selectBookList(state)?.complete, true)
    XCTAssertEqual(reduce(&state, .library(.moreBooksRequested)), [], "nothing after the last page")
  }

  func testANewSortStartsOverAndDropsTheOldSortsPages() {
    var state = opened()
    let byAuthor = BookListQuery(serverID: "a", libraryID: 2, sort: .author)
    XCTAssertEqual(reduce(&state, .library(.bookSortChanged(.author))), [.loadBooksPage(byAuthor, .server(home.access), cursor: nil)])
    _ = reduce(&state, .library(.booksPageLoaded(byTitle, .success(BooksPage(books: [book(1)], nextCursor: "x")))))
    XCTAssertEqual(selectBookList(state)?.tiles, [], "a page for the title sort is not mixed in")
    XCTAssertEqual(reduce(&state, .library(.bookSortChanged(.author))), [], "same sort: nothing to do")
    XCTAssertEqual(
      reduce(&state, .library(.bookFilterChanged(author: "Ada", series: nil))),
      [.loadBooksPage(BookListQuery(serverID: "a", libraryID: 2, sort: .author, author: "Ada"), .server(home.access), cursor: nil)])
    XCTAssertEqual(selectBookList(state)?.filter, "Books by Ada")
  }

  func testAFailedPageCanBeRetriedAndLayoutIsRemembered() {
    var state = opened()
    _ = reduce(&state, .library(.booksPageLoaded(byTitle, .failure(FailureMessage("Home is offline.")))))
    XCTAssertEqual(selectBookList(state)?.status, .failed("Home is offline."))
    XCTAssertEqual(selectBookList(state)?.layout, .grid)
    _ = reduce(&state, .library(.layoutChanged(.list)))
    XCTAssertEqual(reduce(&state, .library(.allBooksOpened(serverID: "a", libraryID: 2))), [.loadBooksPage(byTitle, .server(home.access), cursor: nil)])
    XCTAssertEqual(selectBookList(state)?.layout, .list)
    _ = reduce(&state, .library(.allBooksClosed))
    XCTAssertNil(selectBookList(state))
  }
}
