import Foundation
import HarkCore
import XCTest

/// Search as you type: debounced, stale answers dropped, results from every
/// server de-duplicated with where else each book lives.
final class SearchTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let cabin = ServerConnection(
    serverID: "b", name: "Cabin", baseURL: URL(string: "https://b.example.com")!, username: "ada")

  private func twoServers() -> AppState {
    var state = AppState()
    state.connections.servers = [home, cabin]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    state.connections.libraries["b"] = .loaded([LibrarySummary(id: 3, name: "Shelf")])
    return state
  }

  /// What search shows, checked against what the Library page asks to
  /// choose between search and its other pages.
  private func content(_ state: AppState, line: UInt = #line) -> SearchView.Content? {
    let content = selectSearch(state)?.content
    XCTAssertEqual(selectSearchIsShown(state), content != nil && content != .prompt, line: line)
    return content
  }

  private func fire(_ state: inout AppState) -> [Effect] {
    reduce(&state, .timer(.fired(.searchDebounce, at: Date())))
  }

  func testTypingWaitsForAPauseThenSearchesEveryServer() {
    var state = twoServers()
    state.navigation.page = .downloads
    XCTAssertEqual(reduce(&state, .library(.searchRequested)), [])
    XCTAssertEqual(state.navigation.page, .library)
    XCTAssertEqual(content(state), .prompt)
    XCTAssertEqual(
      reduce(&state, .library(.searchChanged("ti"))), [.startTimer(.searchDebounce, after: .milliseconds(300), repeating: false)])
    XCTAssertEqual(
      reduce(&state, .library(.searchChanged("tide"))), [.startTimer(.searchDebounce, after: .milliseconds(300), repeating: false)],
      "each key restarts the same timer: one request per pause")
    XCTAssertEqual(content(state), .loading)
    XCTAssertEqual(fire(&state), [.search("tide", [.server(home.access), .server(cabin.access)])])
  }

  func testAnAnswerToAnOlderQueryIsDropped() {
    var state = twoServers()
    _ = reduce(&state, .library(.searchChanged("ti")))
    _ = fire(&state)
    _ = reduce(&state, .library(.searchChanged("tide")))
    _ = fire(&state)
    let old = Book(libraryID: 1, relPath: "Old", title: "Timeless")
    _ = reduce(&state, .library(.searchAnswered(query: "ti", serverID: "a", .success([old]))))
    XCTAssertEqual(content(state), .loading)
  }

  func testTheSameBookOnTwoServersIsOneRowSayingWhereElse() throws {
    var state = twoServers()
    _ = reduce(&state, .library(.searchChanged("tide")))
    _ = fire(&state)
    let mp3 = Book(libraryID: 1, relPath: "R/Last Tide", title: "The Last Tide", author: "Rosalind", format: "mp3")
    let m4b = Book(libraryID: 3, relPath: "Tide.m4b", title: "The Last Tide", author: "Rosalind", format: "m4b")
    let other = Book(libraryID: 1, relPath: "R/Salt", title: "The Salt Road", author: "Rosalind", duration: 3600)
    _ = reduce(&state, .library(.searchAnswered(query: "tide", serverID: "a", .success([mp3, other]))))
    _ = reduce(&state, .library(.searchAnswered(query: "tide", serverID: "b", .success([m4b]))))
    guard case .results(let rows)? = content(state) else { return XCTFail("\(String(describing: selectSearch(state)))") }
    XCTAssertEqual(rows.map(\.title), ["The Last Tide", "The Salt Road"])
    // The m4b wins over the mp3 (format tier), and says the other copy is on Home.
    XCTAssertEqual(rows[0].target, LibraryPath(serverID: "b", libraryID: 3, path: "Tide.m4b"))
    XCTAssertEqual(rows[0].location, "Cabin · Shelf · also on Home")
    XCTAssertEqual(rows[1].subtitle, "Rosalind · 1h")
  }

  func testNothingFoundAndEveryServerFailingAreToldApart() {
    var state = twoServers()
    _ = reduce(&state, .library(.searchChanged("zzz")))
    _ = fire(&state)
    _ = reduce(&state, .library(.searchAnswered(query: "zzz", serverID: "a", .success([]))))
    XCTAssertEqual(content(state), .loading, "Cabin has not answered")
    _ = reduce(&state, .library(.searchAnswered(query: "zzz", serverID: "b", .failure(FailureMessage("Cabin is offline.")))))
    XCTAssertEqual(content(state), .noResults("No books match “zzz”."))
    _ = reduce(&state, .library(.searchAnswered(query: "zzz", serverID: "a", .failure(FailureMessage("Home is offline.")))))
    XCTAssertEqual(content(state), .failed("Home is offline."))
  }

  func testClearingOrClosingCancelsWhatIsPending() {
    var state = twoServers()
    _ = reduce(&state, .library(.searchChanged("tide")))
    XCTAssertEqual(
      reduce(&state, .library(.searchChanged("  "))), [.cancelTimer(.searchDebounce), .search("", [])])
    XCTAssertEqual(content(state), .prompt)
    XCTAssertEqual(fire(&state), [], "a stray timer with nothing typed sends nothing")
    XCTAssertEqual(reduce(&state, .library(.searchClosed)), [.cancelTimer(.searchDebounce), .search("", [])])
    XCTAssertNil(content(state))
    XCTAssertEqual(reduce(&state, .library(.searchClosed)), [])
  }
}
