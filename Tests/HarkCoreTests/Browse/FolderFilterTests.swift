import Foundation
import HarkCore
import XCTest

/// The filter box and A–Z jump above a long folder.
final class FolderFilterTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let root = LibraryPath(serverID: "a", libraryID: 1, path: "")

  private func row(_ name: String, title: String? = nil, subtitle: String = "") -> FolderRow {
    FolderRow(title: title ?? name, subtitle: subtitle, kind: .book, target: root.at(name), sortName: name)
  }

  func testEveryWordMustMatchTitleNameOrBylineIgnoringCaseAndAccents() {
    let rows = [
      row("01 Hobbit", title: "The Hobbit", subtitle: "J.R.R. Tolkien"),
      row("Emile", title: "Émile, or On Education", subtitle: "Rousseau"),
      row("Dune", subtitle: "Frank Herbert"),
    ]
    XCTAssertEqual(filterFolderRows(rows, query: "tolk HOBBIT").map(\.sortName), ["01 Hobbit"])
    XCTAssertEqual(filterFolderRows(rows, query: "emile").map(\.sortName), ["Emile"], "accents ignored")
    XCTAssertEqual(filterFolderRows(rows, query: "01").map(\.sortName), ["01 Hobbit"], "the name on disk counts")
    XCTAssertEqual(filterFolderRows(rows, query: "dune tolkien"), [], "every word must match")
    XCTAssertEqual(filterFolderRows(rows, query: "  "), rows, "blank keeps all")
  }

  func testJumpsPointAtEachLettersFirstRowAndDimTheRest() {
    let rows = [row("3 Body Problem"), row("Anathem"), row("Axiom"), row("Dune"), row("émile")]
    let jumps = letterJumps(rows)
    XCTAssertEqual(jumps.count, 27)
    XCTAssertEqual(jumps.first?.letter, "A")
    XCTAssertEqual(jumps.last?.letter, "#")
    let byLetter = Dictionary(uniqueKeysWithValues: jumps.map { ($0.letter, $0.row) })
    XCTAssertEqual(byLetter["A"], 1)
    XCTAssertEqual(byLetter["D"], 3)
    XCTAssertEqual(byLetter["#"], 0, "digits and accented initials are filed under #; the first one counts")
    XCTAssertEqual(byLetter["B"], .some(nil))
  }

  func testTheFolderViewFiltersAndTheFilterIsForgottenInAnotherFolder() throws {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    _ = reduce(&state, .library(.folderOpened(root)))
    let entries = ["Anathem", "Dune", "Dune Messiah"].map { FsEntry(name: $0, path: $0, isDir: true) }
    _ = reduce(&state, .library(.folderLoaded(root, .success(entries))))
    XCTAssertEqual(reduce(&state, .library(.folderFilterChanged("dune"))), [])
    let view = try XCTUnwrap(selectFolderView(state))
    XCTAssertEqual(view.filter, "dune")
    XCTAssertEqual(view.unfilteredCount, 3)
    guard case .loaded(let rows) = view.rows else { return XCTFail("\(view.rows)") }
    XCTAssertEqual(rows.map(\.title), ["Dune", "Dune Messiah"])
    XCTAssertEqual(view.jumps.first { $0.letter == "D" }?.row, 0, "jumps index the filtered rows")
    XCTAssertEqual(view.jumps.first { $0.letter == "A" }?.row, .some(nil))

    _ = reduce(&state, .library(.folderOpened(root)))
    XCTAssertEqual(state.library.folderFilter, "dune", "the same folder again keeps its filter")
    _ = reduce(&state, .library(.folderOpened(root.at("Dune"))))
    XCTAssertEqual(state.library.folderFilter, "")
  }
}
