import Foundation
import HarkCore
import XCTest

/// Preferences → Servers: each server's state in words, and the places a
/// sign-out could not send, counted where the listener signed out.
final class ServersPreferencesSelectorTests: XCTestCase {
  private func server(_ id: String, _ name: String, needsReconnect: Bool = false) -> ServerConnection {
    .fixture(id, name, needsReconnect: needsReconnect)
  }

  func testEachServerSaysItsStateAndThisComputerIsNotAServer() {
    var state = AppState()
    XCTAssertEqual(selectServersPreferences(state), [])
    state.localLibrary.folders = [LocalFolder(id: 1, path: "/home/ada/Audiobooks")]
    state.connections.servers = [server("a", "Home"), server("b", "Cabin", needsReconnect: true), server("c", "Work")]
    state.connections.unreachable = ["a"]
    XCTAssertEqual(selectServersPreferences(state), [
      ServerPreferencesRow(id: "a", title: "Home", subtitle: "ada · a.example.com:8443 · offline", status: .signedIn),
      ServerPreferencesRow(
        id: "b", title: "Cabin", subtitle: "ada · b.example.com:8443 · signed out", status: .signedOutElsewhere),
      ServerPreferencesRow(id: "c", title: "Work", subtitle: "ada · c.example.com:8443", status: .signedIn),
    ])
  }

  /// The server refused two places at sign-out: its row stays, says so,
  /// and offers the sign-in that sends them; signing in clears it.
  func testPlacesKeptAtSignOutAreCountedOnTheServersRowUntilTheNextSignIn() {
    var state = AppState()
    let home = server("a", "Home")
    state.connections.servers = [home]
    _ = reduce(&state, .connections(.signOutRequested(serverID: "a", at: Date())))
    _ = reduce(&state, .connections(.progressFlushed(serverID: "a", remaining: 2)))
    let kept = "2 listening places not yet sent — they will be sent at the next sign-in"
    XCTAssertEqual(selectServersPreferences(state).map(\.unsent), [kept], "said while the token goes")
    _ = reduce(&state, .connections(.signedOut(serverID: "a")))
    XCTAssertEqual(selectServersPreferences(state), [
      ServerPreferencesRow(
        id: "a", title: "Home", subtitle: "a.example.com:8443 · signed out",
        status: .signedOutHere(address: home.baseURL), unsent: kept)
    ])

    state.connections.unsentKept["a"] = 1
    XCTAssertEqual(
      selectServersPreferences(state).map(\.unsent),
      ["1 listening place not yet sent — it will be sent at the next sign-in"])

    _ = reduce(&state, .connections(.signInFinished(.success(home))))
    XCTAssertEqual(selectServersPreferences(state), [
      ServerPreferencesRow(id: "a", title: "Home", subtitle: "ada · a.example.com:8443", status: .signedIn)
    ])
  }

  /// Signed out with every place sent: the server is gone from the list
  /// (Add Server's Recent Servers offers it).
  func testASignOutThatSentEverythingLeavesNoRow() {
    var state = AppState()
    state.connections.servers = [server("a", "Home")]
    _ = reduce(&state, .connections(.signOutRequested(serverID: "a", at: Date())))
    _ = reduce(&state, .connections(.progressFlushed(serverID: "a", remaining: 0)))
    _ = reduce(&state, .connections(.signedOut(serverID: "a")))
    XCTAssertEqual(selectServersPreferences(state), [])
    XCTAssertEqual(state.connections.remembered.map(\.serverID), ["a"])
  }
}
