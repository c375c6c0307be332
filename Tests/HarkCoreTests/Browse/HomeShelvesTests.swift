import Foundation
@testable import HarkCore
import XCTest

/// The Library's home: continue listening across servers, recently added
/// de-duplicated, favourite books.
final class HomeShelvesTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let cabin = ServerConnection(
    serverID: "b", name: "Cabin", baseURL: URL(string: "https://b.example.com")!, username: "ada")

  private func row(_ path: String, _ position: Double, finished: Bool = false, speed: Double = 1, at time: String)
    -> ProgressRow
  {
    ProgressRow(
      libraryID: 1, path: path, position: position, duration: 3600, finished: finished, playbackSpeed: speed,
      version: 1, deviceID: "d", updatedAt: Timestamp(rawValue: time))
  }

  private func state() -> AppState {
    var state = AppState()
    state.connections.servers = [home, cabin]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    state.connections.libraries["b"] = .loaded([LibrarySummary(id: 1, name: "Shelf")])
    return state
  }

  func testLibrariesLoadingAlsoLoadsTheHomeShelves() {
    var s = state()
    let effects = reduce(&s, .connections(.librariesLoaded(serverID: "a", .success([]))))
    XCTAssertEqual(effects, [.flushProgress(serverID: "a"), .loadHome(.server(home.access))], "its queued saves go too")
  }

  func testContinueListeningIsStartedUnfinishedNewestFirstWithTimeLeftAtSpeed() throws {
    var s = state()
    let effects = reduce(&s, .library(.homeProgressLoaded(serverID: "a", .success([
      row("Old", 600, at: "2026-11-01T00:00:00Z"),
      row("Done", 3590, finished: true, at: "2026-11-20T00:00:00Z"),
      row("Fresh", 0, at: "2026-11-20T00:00:00Z"),
      row("New", 1800, speed: 2, at: "2026-11-10T00:00:00Z"),
    ]))))
    XCTAssertEqual(
      effects, [.describeBooks(.server(home.access), [FavouriteKey(libraryID: 1, path: "New"), FavouriteKey(libraryID: 1, path: "Old")])])
    _ = reduce(&s, .library(.homeBookDescribed(
      serverID: "a", Book(libraryID: 1, relPath: "New", title: "The New One", author: "Ada", duration: 3600))))
    let shelf = try XCTUnwrap(selectHomeShelves(s).first)
    XCTAssertEqual(shelf.title, "Continue Listening")
    XCTAssertEqual(shelf.items.map(\.title), ["The New One", "Old"], "a path names a book not described yet")
    XCTAssertEqual(shelf.items[0].subtitle, "Ada · 15m left", "1800 s left at 2×")
    XCTAssertEqual(shelf.items[0].location, "Home · Audiobooks")
  }

  func testRecentlyAddedIsDeduplicatedAcrossServersNewestFirst() throws {
    var s = state()
    let a = Book(libraryID: 1, relPath: "T", title: "Tide", author: "R", format: "mp3", addedAt: "2026-11-01T00:00:00Z")
    let b = Book(libraryID: 1, relPath: "T.m4b", title: "Tide", author: "R", format: "m4b", addedAt: "2026-11-01T00:00:00Z")
    let c = Book(libraryID: 1, relPath: "S", title: "Salt", author: "R", addedAt: "2026-11-05T00:00:00Z")
    _ = reduce(&s, .library(.homeRecentLoaded(serverID: "a", .success([a]))))
    _ = reduce(&s, .library(.homeRecentLoaded(serverID: "b", .success([b, c]))))
    let shelf = try XCTUnwrap(selectHomeShelves(s).first { $0.title == "Recently Added" })
    XCTAssertEqual(shelf.items.map(\.title), ["Salt", "Tide"])
    XCTAssertEqual(shelf.items[1].target.serverID, "b", "the m4b copy wins")
    XCTAssertEqual(shelf.items[1].location, "Cabin · Shelf · also on Home")
  }

  func testFavouriteBooksNotFoldersAndNothingEmpty() {
    var s = state()
    XCTAssertEqual(selectHomeShelves(s), [])
    _ = reduce(&s, .library(.favouritesLoaded(serverID: "a", .success([
      Favourite(libraryID: 1, path: "Series", isBook: false, createdAt: "2026-11-01T00:00:00Z"),
      Favourite(libraryID: 1, path: "A/Book", isBook: true, title: "", createdAt: "2026-11-01T00:00:00Z"),
    ]))))
    XCTAssertEqual(selectHomeShelves(s).map(\.title), ["Favourites"])
    XCTAssertEqual(selectHomeShelves(s).first?.items.map(\.title), ["Book"])
  }

  func testAPlayingSecondWorksTheShelvesOutAgainOnlyWhenWhatTheyReadChanged() {
    var s = state()
    _ = reduce(&s, .library(.homeProgressLoaded(serverID: "a", .success([row("Old", 600, at: "2026-11-01T00:00:00Z")]))))
    var runs = 0
    let shelves = memoized(libraryListsInput) { input -> [Shelf] in
      runs += 1
      return homeShelves(from: input)
    }
    XCTAssertEqual(shelves(s), selectHomeShelves(s))
    XCTAssertEqual(runs, 1)

    s.player.session.snapshot.position += 1
    s.settings.skipBackSeconds += 5
    XCTAssertEqual(shelves(s), selectHomeShelves(s))
    XCTAssertEqual(runs, 1, "a playing second, and a setting the shelves do not read, worked them out again")

    s.connections.unreachable.insert("a")
    XCTAssertEqual(shelves(s), selectHomeShelves(s))
    XCTAssertEqual(runs, 2, "a server going away changes what the shelves say")
    _ = reduce(&s, .library(.favouritesLoaded(serverID: "a", .success([
      Favourite(libraryID: 1, path: "A/Book", isBook: true, title: "Kept", createdAt: "2026-11-01T00:00:00Z")
    ]))))
    XCTAssertEqual(shelves(s).map(\.title), ["Continue Listening", "Favourites"])
    XCTAssertEqual(runs, 3)
  }
}
