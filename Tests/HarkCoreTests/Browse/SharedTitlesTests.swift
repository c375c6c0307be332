import Foundation
import HarkCore
import XCTest

/// A server that lists a two-disc book's CD1 and CD2 folders as two books
/// with one title: Hark tells them apart by their names on disk, on the
/// folder's rows, the Book page and the Up Next card.
final class SharedTitlesTests: XCTestCase {
  private let folder = LibraryPath(serverID: "a", libraryID: 1, path: "Brandt/The Two Disc Book")
  private var disc1: LibraryPath { folder.at("Brandt/The Two Disc Book/CD1") }
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)
  private let entries = [
    FsEntry(name: "CD2", path: "Brandt/The Two Disc Book/CD2", isDir: true, isBook: true, title: "The Two Disc Book"),
    FsEntry(name: "CD1", path: "Brandt/The Two Disc Book/CD1", isDir: true, isBook: true, title: "The Two Disc Book"),
    FsEntry(name: "Extras", path: "Brandt/The Two Disc Book/Extras", isDir: true, isBook: true, title: "Afterword"),
  ]

  private func browsed() -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    state.library.folders[folder] = .loaded(entries)
    _ = reduce(&state, .library(.folderOpened(folder)))
    return state
  }

  private var book: Book {
    Book(
      libraryID: 1, relPath: disc1.path, isFolder: true, title: "The Two Disc Book", duration: 100,
      files: [BookFile(relPath: "\(disc1.path)/1.mp3", duration: 100)])
  }

  func testRowsWithOneTitleNameTheirFolder() throws {
    guard case .loaded(let rows)? = selectFolderView(browsed())?.rows else { return XCTFail("no rows") }
    XCTAssertEqual(rows.map(\.title), ["The Two Disc Book · CD1", "The Two Disc Book · CD2", "Afterword"])
  }

  func testTheBookPageAndUpNextNameTheDisc() throws {
    var state = browsed()
    _ = reduce(&state, .library(.bookOpened(disc1)))
    _ = reduce(&state, .library(.bookLoaded(disc1, .success(book))))
    let page = try XCTUnwrap(selectBookPage(state, now: t0))
    XCTAssertEqual(page.title, "The Two Disc Book · CD1")
    XCTAssertEqual(page.upNext?.title, "The Two Disc Book · CD2")

    _ = reduce(&state, .player(.playRequested(disc1, .position(90), at: t0)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: 90, duration: 100, seekID: SeekID(1))), at: t0)))
    _ = reduce(&state, .player(.playback(.engineReported(EngineSnapshot(state: .ended, position: 100, duration: 100, seekID: SeekID(1))), at: t0)))
    XCTAssertEqual(selectUpNextCard(state)?.title, "The Two Disc Book · CD2")
  }
}
