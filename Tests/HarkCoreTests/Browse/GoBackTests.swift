import Foundation
import XCTest

@testable import HarkCore

/// Back from the keyboard: one step up what the listener went down.
final class GoBackTests: XCTestCase {
  func testBackClimbsFromTheBookPageToTheOverviewOneStepAtATime() {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a")!, username: "ada")
    ]
    let folder = LibraryPath(serverID: "a", libraryID: 1, path: "Author/Series")
    state.library.folder = folder
    state.library.folders[folder.at("Author")] = .loaded([])
    state.library.folders[folder.at("")] = .loaded([])
    state.library.book = folder.at("Author/Series/Book")
    state.navigation.page = .book
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertEqual(state.navigation.page, .library)
    XCTAssertEqual(state.library.folder, folder, "the library as it was")
    XCTAssertEqual(state.library.cameBackFrom, CameBackFrom(target: folder.at("Author/Series/Book"), serial: 1))
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertEqual(state.library.folder, folder.at("Author"))
    XCTAssertEqual(state.library.cameBackFrom, CameBackFrom(target: folder, serial: 2), "the folder just left")
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertEqual(state.library.folder, folder.at(""))
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertNil(state.library.folder, "the overview")
    XCTAssertEqual(reduce(&state, .ui(.backRequested)), [])
  }

  /// The folder view offers the row back returned to only when it lists it.
  func testTheFolderViewOffersTheRowBackReturnedTo() {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a")!, username: "ada")
    ]
    let root = LibraryPath(serverID: "a", libraryID: 1, path: "")
    state.library.folders[root] = .loaded([
      FsEntry(name: "Ada", path: "Ada", isDir: true), FsEntry(name: "Quill", path: "Quill", isDir: true),
    ])
    state.library.folders[root.at("Quill")] = .loaded([])
    state.library.folder = root.at("Quill")
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertEqual(selectFolderView(state)?.cameBackFrom?.target, root.at("Quill"))
    state.library.cameBackFrom = CameBackFrom(target: root.at("Elsewhere"), serial: 9)
    XCTAssertNil(selectFolderView(state)?.cameBackFrom)
  }

  func testBackClosesSearchThenAllBooksFirst() {
    var state = AppState()
    state.library.bookList = BookListState(query: BookListQuery(serverID: "a", libraryID: 1))
    _ = reduce(&state, .library(.searchRequested))
    XCTAssertNotNil(state.library.search)
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertNil(state.library.search)
    XCTAssertNotNil(state.library.bookList)
    _ = reduce(&state, .ui(.backRequested))
    XCTAssertNil(state.library.bookList)
  }

  func testBackDoesNothingOnTheTopLevelPages() {
    var state = AppState()
    state.navigation.page = .player
    XCTAssertEqual(reduce(&state, .ui(.backRequested)), [])
    XCTAssertEqual(state.navigation.page, .player)
  }
}
