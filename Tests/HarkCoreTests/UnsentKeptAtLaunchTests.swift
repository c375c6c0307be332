import Foundation
import XCTest

@testable import HarkCore

/// The places a server refused at sign-out stay queued on this computer;
/// after a restart their count comes back from the queue on disk
/// (`unsentCounted`), and Preferences → Servers and Add Server's Recent
/// Servers say so again, in the same words.
final class UnsentKeptAtLaunchTests: XCTestCase {
  private let home = RememberedServer(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com:8443")!)
  private let cabin = RememberedServer(
    serverID: "c", name: "Cabin", baseURL: URL(string: "https://c.example.com")!)
  private let work = ServerConnection.fixture("w", "Work")

  /// Started again: one server signed in (its queue is its offline saves,
  /// sent when it loads: not "kept"), two signed out of, one of them with
  /// places kept. Only that one counts them, and both lists say so.
  func testTheCountReadAtStartIsKeptForTheServersSignedOutOf() {
    var initial = AppState()
    initial.connections.servers = [work]
    initial.connections.remembered = [home, cabin]
    var store = ReducerTestStore(initial)
    store.send(.connections(.unsentCounted(["a": 2, "w": 3, "gone": 4]))) {
      $0.connections.unsentKept = ["a": 2]
    }

    let kept = "2 listening places not yet sent — they will be sent at the next sign-in"
    XCTAssertEqual(selectServersPreferences(store.state), [
      ServerPreferencesRow(id: "w", title: "Work", subtitle: "ada · w.example.com:8443", status: .signedIn),
      ServerPreferencesRow(
        id: "a", title: "Home", subtitle: "a.example.com:8443 · signed out",
        status: .signedOutHere(address: home.baseURL), unsent: kept),
    ])
    XCTAssertEqual(selectRecentServers(store.state.connections), [
      RecentServerRow(id: "a", name: "Home", address: home.baseURL, subtitle: "a.example.com:8443\n" + kept),
      RecentServerRow(id: "c", name: "Cabin", address: cabin.baseURL, subtitle: "c.example.com"),
    ])
    store.send(.connections(.addServerRequested)) { $0.connections.signIn = SignInState() }
    XCTAssertEqual(selectSignIn(store.state)?.recent, selectRecentServers(store.state.connections))
  }

  /// A sign-out since the read counted its own places: that count is the
  /// newer one. None queued: nothing is said.
  func testANewerCountAndAnEmptyQueueAreLeftAlone() {
    var initial = AppState()
    initial.connections.remembered = [home, cabin]
    initial.connections.unsentKept = ["a": 1]
    var store = ReducerTestStore(initial)
    store.send(.connections(.unsentCounted(["a": 5, "c": 0])))
    XCTAssertEqual(
      selectRecentServers(store.state.connections).map(\.subtitle),
      ["a.example.com:8443\n1 listening place not yet sent — it will be sent at the next sign-in", "c.example.com"])
  }

  /// Signing in again sends them (`signInFinished` clears the count):
  /// Recent Servers no longer lists the server, Preferences no longer says
  /// places wait.
  func testSigningInAgainClearsTheCountReadAtStart() {
    var initial = AppState()
    initial.connections.remembered = [home]
    var store = ReducerTestStore(initial)
    store.send(.connections(.unsentCounted(["a": 1]))) { $0.connections.unsentKept = ["a": 1] }
    let back = ServerConnection(serverID: "a", name: "Home", baseURL: home.baseURL, username: "ada")
    store.send(
      .connections(.signInFinished(.success(back))),
      effects: [.saveServers([back]), .loadLibraries(back.access), .saveRememberedServers([])]
    ) {
      $0.connections.servers = [back]
      $0.connections.libraries["a"] = .loading
      $0.connections.remembered = []
      $0.connections.unsentKept = [:]
    }
    XCTAssertEqual(selectServersPreferences(store.state).map(\.unsent), [nil])
    XCTAssertEqual(selectRecentServers(store.state.connections), [])
  }
}
