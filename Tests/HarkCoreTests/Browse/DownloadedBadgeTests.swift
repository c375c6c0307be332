import Foundation
import XCTest

@testable import HarkCore

/// Downloaded books say so wherever the library lists them, and the home
/// has a Downloaded shelf (it plays with no connection).
final class DownloadedBadgeTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")

  private func downloaded(_ path: String, title: String, at seconds: Double) -> DownloadEntry {
    var entry = DownloadEntry.queued(
      key: LibraryPath(serverID: "a", libraryID: 1, path: path),
      book: Book(libraryID: 1, relPath: path, title: title, author: "Ada", duration: 3600,
                 files: [BookFile(relPath: "\(path)/1.mp3", size: 10)]),
      root: URL(fileURLWithPath: "/d"), at: .epoch(seconds))
    entry.status = .downloaded
    entry.files[0].complete = true
    entry.savedAt = .epoch(seconds)
    return entry
  }

  private func state() -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    for entry in [downloaded("A/Old", title: "Old", at: 1), downloaded("A/New", title: "New", at: 2)] {
      state.downloads.entries[entry.key] = entry
    }
    var waiting = downloaded("A/Half", title: "Half", at: 3)
    waiting.status = .downloading
    state.downloads.entries[waiting.key] = waiting
    return state
  }

  func testTheDownloadedShelfListsWholeDownloadsNewestFirst() throws {
    let shelf = try XCTUnwrap(selectHomeShelves(state()).first { $0.title == "Downloaded" })
    XCTAssertEqual(shelf.items.map(\.title), ["New", "Old"], "a half-done download is not listed")
    XCTAssertEqual(shelf.items.first?.subtitle, "Ada · 1h", "the shelf's title says it; the line does not repeat it")
    XCTAssertEqual(shelf.items.first?.location, "Home · Audiobooks")
  }

  func testFolderRowsSayDownloaded() throws {
    var s = state()
    let folder = LibraryPath(serverID: "a", libraryID: 1, path: "A")
    s.library.folder = folder
    s.library.folders[folder] = .loaded([
      FsEntry(name: "Half", path: "A/Half", isDir: true, isBook: true, title: "Half", author: "Ada"),
      FsEntry(name: "Old", path: "A/Old", isDir: true, isBook: true, title: "Old", author: "Ada"),
    ])
    guard case .loaded(let rows)? = selectFolderView(s)?.rows else { return XCTFail("no rows") }
    XCTAssertEqual(rows.map(\.title), ["Half", "Old"])
    XCTAssertEqual(rows.map { $0.subtitle.hasSuffix(" · Downloaded") }, [false, true], "\(rows.map(\.subtitle))")
  }
}
