import Foundation
import HarkCore
import XCTest

/// What the folder list and the Book page show for what was loaded.
final class BrowseSelectorTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private lazy var root = LibraryPath(serverID: "a", libraryID: 1, path: "")

  private func state(showing folder: LibraryPath, _ entries: Loadable<[FsEntry]>) -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    state.library.folder = folder
    state.library.folders[folder] = entries
    return state
  }

  func testFolderRowsAreNaturallySortedWithBooksAndFoldersTold() throws {
    let folder = root.at("Will Wight/Cradle")
    let entries = [
      FsEntry(name: "Book 10", path: "Will Wight/Cradle/Book 10", isDir: true, isBook: true, title: "Bloodline",
              author: "Will Wight", series: "Cradle", seriesIndex: 10, duration: 45030),
      FsEntry(name: "cover.jpg", path: "Will Wight/Cradle/cover.jpg", isDir: false),
      FsEntry(name: "Extras", path: "Will Wight/Cradle/Extras", isDir: true),
      FsEntry(name: "Book 2", path: "Will Wight/Cradle/Book 2", isDir: true, isBook: true, title: "",
              author: "Will Wight", duration: 0),
      FsEntry(name: "Book 1.m4b", path: "Will Wight/Cradle/Book 1.m4b", isDir: false, isAudio: true),
    ]
    let view = try XCTUnwrap(selectFolderView(state(showing: folder, .loaded(entries))))
    XCTAssertEqual(view.crumbs.map(\.title), ["Audiobooks", "Will Wight", "Cradle"])
    XCTAssertEqual(view.crumbs.map(\.target.path), ["", "Will Wight", "Will Wight/Cradle"])
    guard case .loaded(let rows) = view.rows else { return XCTFail("\(view.rows)") }
    XCTAssertEqual(rows.map(\.title), ["Book 1.m4b", "Book 2", "Bloodline", "Extras"], "cover.jpg is not shown")
    XCTAssertEqual(rows.map(\.kind), [.book, .book, .book, .folder])
    XCTAssertEqual(rows[1].subtitle, "Will Wight", "no duration shown for an unknown one")
    XCTAssertEqual(rows[2].subtitle, "Will Wight · Cradle #10 · 12h 30m")
    XCTAssertEqual(rows[3].target, folder.at("Will Wight/Cradle/Extras"))
    XCTAssertEqual(Set(rows.map(\.id)).count, rows.count)
  }

  func testLoadingAndFailureAreShownAsSuch() {
    XCTAssertEqual(selectFolderView(state(showing: root, .loading))?.rows, .loading)
    XCTAssertEqual(selectFolderView(state(showing: root, .failed("Home is offline.")))?.rows, .failed("Home is offline."))
    var home = state(showing: root, .loading)
    home.library.folder = nil
    XCTAssertNil(selectFolderView(home))
  }

  func testARowIDChangesWhenWhatItShowsChanges() {
    let a = FolderRow(title: "Book", subtitle: "1h", kind: .book, target: root.at("Book"))
    var b = a
    b.subtitle = "2h"
    XCTAssertNotEqual(a.id, b.id)
  }

  func testBookPageShowsWhatIsKnownAndTidiesChapters() throws {
    var s = state(showing: root, .loaded([]))
    let target = root.at("Will Wight/Cradle/Book 2")
    s.library.book = target
    XCTAssertEqual(selectBookPage(s, now: Date(timeIntervalSince1970: 1_800_000_000))?.status, .loading)
    XCTAssertEqual(selectBookPage(s, now: Date(timeIntervalSince1970: 1_800_000_000))?.title, "Book 2", "the folder name while loading")
    let book = Book(
      libraryID: 1, relPath: target.path, title: "Soulsmith", author: "Will Wight", series: "Cradle", seriesIndex: 2,
      narrator: "", duration: 3600, format: "m4b", codec: "aac", size: 1_610_612_736,
      chapters: [
        Chapter(index: 0, title: "01_the_forge_64kb.mp3", filePath: "a.m4b", start: 0, end: 600),
        Chapter(index: 1, title: "Chapter 2", filePath: "a.m4b", start: 600, end: 600),
      ])
    s.library.books[target] = .loaded(book)
    let page = try XCTUnwrap(selectBookPage(s, now: Date(timeIntervalSince1970: 1_800_000_000)))
    XCTAssertEqual(page.title, "Soulsmith")
    XCTAssertEqual(page.subtitle, "Will Wight · Cradle #2")
    XCTAssertEqual(page.facts.map(\.label), ["Author", "Series", "Length", "Format", "Size", "Location"])
    XCTAssertEqual(page.facts.first { $0.label == "Format" }?.value, "M4B · AAC")
    XCTAssertEqual(page.facts.first { $0.label == "Size" }?.value, "1.5 GB")
    XCTAssertEqual(page.facts.last?.value, "Home · Audiobooks · Will Wight/Cradle")
    XCTAssertEqual(page.chapters.map(\.title), ["01 the forge", "Chapter 2"])
    XCTAssertEqual(page.chapters.map(\.duration), ["10m", ""], "a zero-length chapter shows no length")
  }

  func testABookWithNothingKnownStillRenders() throws {
    var s = state(showing: root, .loaded([]))
    let target = root.at("Loose.mp3")
    s.library.book = target
    s.library.books[target] = .loaded(Book(libraryID: 1, relPath: target.path, duration: .nan))
    let page = try XCTUnwrap(selectBookPage(s, now: Date(timeIntervalSince1970: 1_800_000_000)))
    XCTAssertEqual(page.title, "Loose.mp3")
    XCTAssertEqual(page.subtitle, "")
    XCTAssertEqual(page.facts.map(\.label), ["Location"])
    XCTAssertEqual(page.chapters, [])
  }
}
