import Foundation
import HarkCore
import XCTest

/// API keys: listed per server, created with the secret revealed once and
/// then forgotten, revoked, and dropped with the server on sign-out.
final class APIKeysReducerTests: XCTestCase {
  private let server = ServerConnection(
    serverID: "srv-1", name: "Home", baseURL: URL(string: "https://h")!, username: "u")

  private func signedIn() -> AppState {
    var state = AppState()
    _ = reduce(&state, .connections(.restored([server])))
    return state
  }

  /// Opening Preferences asks each server it can for a fresh key list: not
  /// one that waits for sign-in again, not the demo.
  func testPreferencesOpenedAsksEachSignedInServer() {
    var state = AppState()
    var away = ServerConnection(serverID: "srv-2", name: "Away", baseURL: URL(string: "https://a")!, username: "u")
    away.needsReconnect = true
    var demo = ServerConnection(serverID: "srv-3", name: "Demo", baseURL: URL(string: "https://d")!, username: "demo")
    demo.isDemo = true
    _ = reduce(&state, .connections(.restored([server, away, demo])))
    XCTAssertEqual(reduce(&state, .connections(.preferencesOpened)), [.loadAPIKeys(server.access)])
    XCTAssertEqual(state.connections.apiKeys["srv-1"], .loading)
    XCTAssertNil(state.connections.apiKeys["srv-2"])
  }

  func testListingAndCreatingAKey() {
    var state = signedIn()
    XCTAssertEqual(reduce(&state, .connections(.apiKeysRequested(serverID: "srv-1"))), [.loadAPIKeys(server.access)])
    XCTAssertEqual(state.connections.apiKeys["srv-1"], .loading)
    let key = APIKeySummary(id: 7, label: "HA", created: "2026-11-21")
    _ = reduce(&state, .connections(.apiKeysLoaded(serverID: "srv-1", .success([key]))))
    XCTAssertEqual(selectAPIKeySections(state), [APIKeysSection(id: "srv-1", serverName: "Home", keys: .loaded([key]))])
    XCTAssertEqual(
      reduce(&state, .connections(.apiKeyCreationRequested(serverID: "srv-1", label: "  Scripts "))),
      [.createAPIKey(server.access, label: "Scripts")])
    XCTAssertEqual(reduce(&state, .connections(.apiKeyCreationRequested(serverID: "srv-1", label: "  "))), [])
  }

  func testTheSecretIsShownOnceThenForgotten() {
    var state = signedIn()
    let revealed = RevealedAPIKey(serverID: "srv-1", label: "Scripts", secret: "as_secret")
    XCTAssertEqual(
      reduce(&state, .connections(.apiKeyCreated(serverID: "srv-1", .success(revealed)))),
      [.loadAPIKeys(server.access)])
    XCTAssertEqual(selectRevealedAPIKey(state), revealed)
    XCTAssertFalse(String(describing: revealed).contains("as_secret"), "a printed state never shows the secret")
    _ = reduce(&state, .connections(.revealedAPIKeyDismissed))
    XCTAssertNil(state.connections.revealedAPIKey)
  }

  func testRevokingAndSigningOut() {
    var state = signedIn()
    XCTAssertEqual(
      reduce(&state, .connections(.apiKeyRevocationRequested(serverID: "srv-1", id: 7))),
      [.revokeAPIKey(server.access, id: 7)])
    _ = reduce(&state, .connections(.apiKeysLoaded(serverID: "srv-1", .success([]))))
    _ = reduce(&state, .connections(.signedOut(serverID: "srv-1")))
    XCTAssertNil(state.connections.apiKeys["srv-1"])
    XCTAssertEqual(selectAPIKeySections(state), [])
  }

  func testDemoAndSignedOutServersCannotManageKeys() {
    var state = AppState()
    var demo = server
    demo.isDemo = true
    var lost = ServerConnection(serverID: "srv-2", name: "B", baseURL: URL(string: "https://b")!, username: "u")
    lost.needsReconnect = true
    _ = reduce(&state, .connections(.restored([demo, lost])))
    XCTAssertEqual(selectAPIKeySections(state), [])
  }
}
