import Foundation
import XCTest

@testable import HarkCore

/// The library's lists (home shelves, a folder, All Books, search) are
/// worked out again only when what they show can have changed: not at each
/// second of playing, nor at the autosave that updates the Book page.
final class LibraryListsInputTests: XCTestCase {
  private let target = LibraryPath(serverID: "a", libraryID: 1, path: "Shelf/Tide")
  private let t0 = Date.epoch(1_000)

  private func playingWithEveryListOpen() -> AppState {
    let book = Book(
      libraryID: 1, relPath: target.path, title: "Tide", author: "R", duration: 3600,
      files: [BookFile(relPath: "Shelf/Tide/1.mp3", duration: 3600)])
    var s = playingFromItsPage(target, book, at: t0)
    s.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    let shelf = target.at("Shelf")
    _ = reduce(&s, .library(.folderOpened(shelf)))
    _ = reduce(&s, .library(.folderLoaded(shelf, .success([
      FsEntry(name: "Tide", path: target.path, isDir: true, isBook: true, title: "Tide"),
      FsEntry(name: "Salt", path: "Shelf/Salt", isDir: true, isBook: true, title: "Salt"),
    ]))))
    var list = BookListState(query: BookListQuery(serverID: "a", libraryID: 1))
    list.books = [book]
    s.library.bookList = list
    var search = SearchState()
    search.query = "tide"
    search.searched = "tide"
    search.results["a"] = .loaded([book])
    s.library.search = search
    return s
  }

  func testPlayingAndItsAutosaveWorkNoListOutAgain() {
    var s = playingWithEveryListOpen()
    var runs: [String: Int] = [:]
    let home = memoized(libraryListsInput) { runs["home", default: 0] += 1; return homeShelves(from: $0) }
    let folder = memoized(libraryListsInput) { runs["folder", default: 0] += 1; return folderView(from: $0) }
    let books = memoized(libraryListsInput) { runs["books", default: 0] += 1; return bookListView(from: $0) }
    let search = memoized(libraryListsInput) { runs["search", default: 0] += 1; return searchView(from: $0) }
    func lookAtEveryList() {
      XCTAssertEqual(home(s), selectHomeShelves(s))
      XCTAssertEqual(folder(s), selectFolderView(s))
      XCTAssertEqual(books(s), selectBookList(s))
      XCTAssertEqual(search(s), selectSearch(s))
    }
    lookAtEveryList()
    XCTAssertEqual(selectFolderView(s)?.unfilteredCount, 2, "the folder is listed")
    XCTAssertEqual(selectBookList(s)?.tiles.map(\.title), ["Tide"])
    guard case .results(let found)? = selectSearch(s)?.content else { return XCTFail("the search found nothing") }
    XCTAssertEqual(found.map(\.title), ["Tide"])

    let before = s.library.extras[target]?.resume
    for second in 1...12 {
      reportEngine(&s, .playing, at: Double(second), duration: 3600, after: Double(second), since: t0)
      lookAtEveryList()
    }
    XCTAssertNotEqual(s.library.extras[target]?.resume, before, "the autosave reached the Book page's place")
    XCTAssertEqual(runs, ["home": 1, "folder": 1, "books": 1, "search": 1], "a list was worked out again while playing")

    _ = reduce(&s, .library(.folderFilterChanged("sa")))
    lookAtEveryList()
    XCTAssertEqual(folder(s)?.unfilteredCount, 2)
    XCTAssertEqual(runs["folder"], 2, "the filter is what the folder shows")
  }
}
