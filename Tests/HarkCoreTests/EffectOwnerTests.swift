import Foundation
import HarkCore
import XCTest

/// Every effect goes to one owner (the switch in `Effect.owner` is
/// exhaustive; here, that each lands where its work lives).
final class EffectOwnerTests: XCTestCase {
  func testEachEffectHasTheOwnerThatDoesItsWork() {
    let book = LibraryPath(serverID: "s", libraryID: 1, path: "A/Book")
    let table: [(Effect, EffectOwner)] = [
      (.startTimer(.reachabilityProbe, after: .seconds(20), repeating: true), .timers),
      (.cancelTimer(.reachabilityProbe), .timers),
      (.persistSetting(.skipBackSeconds, 15), .settings),
      (.persistLayout(.grid), .settings),
      (.keepSignInInFile(true), .connections),
      (.loadLibraries(ServerAccess(serverID: "s", baseURL: URL(string: "https://s")!)), .connections),
      (.signOut(ServerAccess(serverID: "s", baseURL: URL(string: "https://s")!)), .connections),
      (.browseFolder(book, .thisComputer), .library),
      (.search("salt", [.thisComputer]), .library),
      (.setFavourite(book, .thisComputer, true), .bookExtras),
      (.saveProgress(book, position: 1, duration: 2, finished: true), .bookExtras),
      (.playback(.lookUpResume(book)), .playback),
      (.engine(.play, book: nil), .playback),
      (.restoreServers, .connections),
      (.flushProgress(serverID: "s"), .connections),
      (.seedProgress(serverID: "s"), .connections),
      (.scanLocalLibrary([LocalFolder(id: -1, path: "/home/ada/Audiobooks")]), .localLibrary),
      (.persistLocalFolders(["/home/ada/Audiobooks"]), .settings),
    ]
    for (effect, owner) in table {
      XCTAssertEqual(effect.owner, owner, "\(effect)")
    }
  }
}

/// A server restored without its token has nothing to load until the
/// listener reconnects: its libraries say so instead of loading forever.
final class RestoredWithoutTokenTests: XCTestCase {
  func testAServerWhoseTokenIsGoneIsNotLoadedButToldToReconnect() {
    var state = AppState()
    let kept = ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    var lost = ServerConnection(serverID: "b", name: "Cabin", baseURL: URL(string: "https://b.example.com")!, username: "ada")
    lost.needsReconnect = true
    let effects = reduce(&state, .connections(.restored([kept, lost])))
    XCTAssertEqual(effects, [.loadLibraries(kept.access)])
    XCTAssertEqual(state.connections.libraries["a"], .loading)
    XCTAssertEqual(state.connections.libraries["b"], .failed("Reconnect to see this server's libraries."))
  }
}

/// Ctrl+F while search is open asks for the entry again.
final class SearchFocusRequestTests: XCTestCase {
  func testAskingForSearchWhileItIsOpenAsksForTheEntryAgain() {
    var state = AppState()
    _ = reduce(&state, .library(.searchRequested))
    XCTAssertEqual(selectSearch(state)?.focusRequests, 0)
    _ = reduce(&state, .library(.searchChanged("salt")))
    _ = reduce(&state, .library(.searchRequested))
    XCTAssertEqual(selectSearch(state)?.focusRequests, 1)
    XCTAssertEqual(selectSearch(state)?.query, "salt", "what was typed stays")
  }
}
