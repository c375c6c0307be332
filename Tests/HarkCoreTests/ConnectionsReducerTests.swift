import Foundation
import HarkCore
import XCTest

/// The Add Server flow and the server list, through the real reducer: each
/// step's whole next state and the effects it asks for.
final class ConnectionsReducerTests: XCTestCase {
  private let base = URL(string: "https://books.example.com")!
  private lazy var preview = ServerPreview(
    baseURL: base, serverID: "srv-1", name: "Home Books", acceptsPassword: true, acceptsInviteCode: true,
    offersDemo: false)
  private lazy var connection = ServerConnection(
    serverID: "srv-1", name: "Home Books", baseURL: base, username: "listener")

  private func send(_ state: inout AppState, _ action: ConnectionsAction) -> [Effect] {
    reduce(&state, .connections(action))
  }

  func testTypedAddressIsNormalisedAndChecked() {
    var state = AppState()
    XCTAssertEqual(send(&state, .addServerRequested), [])
    XCTAssertEqual(send(&state, .addressSubmitted("  books.example.com/  ")), [.checkServer(base)])
    XCTAssertEqual(state.connections.signIn?.step, .checking)
    XCTAssertEqual(state.connections.signIn?.address, "books.example.com/")
  }

  func testUnusableAddressIsRefusedInline() {
    var state = AppState()
    _ = send(&state, .addServerRequested)
    XCTAssertEqual(send(&state, .addressSubmitted("not a valid host")), [])
    XCTAssertEqual(state.connections.signIn?.step, .address)
    XCTAssertNotNil(state.connections.signIn?.error)
    XCTAssertEqual(send(&state, .addressSubmitted("   ")), [])
    XCTAssertEqual(state.connections.signIn?.error, "Enter your server's address, or paste a link from it.")
  }

  func testCheckedServerOffersItsMethods() {
    var state = AppState()
    _ = send(&state, .addressSubmitted("books.example.com"))
    XCTAssertEqual(send(&state, .serverChecked(.success(preview))), [])
    XCTAssertEqual(state.connections.signIn?.step, .chooseMethod(preview))
  }

  func testUnreachableServerReturnsToTheAddressWithTheReason() {
    var state = AppState()
    _ = send(&state, .addressSubmitted("books.example.com"))
    _ = send(&state, .serverChecked(.failure(FailureMessage("Hark could not reach books.example.com."))))
    XCTAssertEqual(state.connections.signIn?.step, .address)
    XCTAssertEqual(state.connections.signIn?.error, "Hark could not reach books.example.com.")
  }

  func testInviteCodeSignInSuccessAddsTheServerAndLoadsItsLibraries() {
    var state = AppState()
    _ = send(&state, .addressSubmitted("books.example.com"))
    _ = send(&state, .serverChecked(.success(preview)))
    XCTAssertEqual(send(&state, .inviteCodeSubmitted(" 9M4K-P2TQ-WX7V-3RHD ")), [.signIn(.inviteCode("9M4K-P2TQ-WX7V-3RHD"), preview)])
    XCTAssertEqual(state.connections.signIn?.step, .signingIn(preview))
    let effects = send(&state, .signInFinished(.success(connection)))
    XCTAssertEqual(effects, [.saveServers([connection]), .loadLibraries(connection.access)])
    XCTAssertNil(state.connections.signIn)
    XCTAssertEqual(state.connections.servers, [connection])
    XCTAssertEqual(state.connections.libraries["srv-1"], .loading)
    XCTAssertNil(selectEmptyState(state, page: .library), "a connected server replaces the welcome state")
  }

  func testRejectedCredentialsShowTheServersWords() {
    var state = AppState()
    _ = send(&state, .addressSubmitted("books.example.com"))
    _ = send(&state, .serverChecked(.success(preview)))
    _ = send(&state, .passwordSubmitted(username: "listener", password: "wrong"))
    _ = send(&state, .signInFinished(.failure(FailureMessage("invalid credentials"))))
    XCTAssertEqual(state.connections.signIn?.step, .chooseMethod(preview))
    XCTAssertEqual(state.connections.signIn?.error, "invalid credentials")
    XCTAssertEqual(state.connections.servers, [])
  }

  func testEmptyCredentialsNeverReachTheServer() {
    var state = AppState()
    _ = send(&state, .addressSubmitted("books.example.com"))
    _ = send(&state, .serverChecked(.success(preview)))
    XCTAssertEqual(send(&state, .passwordSubmitted(username: " ", password: "x")), [])
    XCTAssertEqual(send(&state, .inviteCodeSubmitted("")), [])
    XCTAssertEqual(send(&state, .demoRequested), [], "this server offers no demo")
    XCTAssertEqual(state.connections.signIn?.step, .chooseMethod(preview))
  }

  func testPairingLinkSignsInAsSoonAsTheServerIsKnown() {
    var state = AppState()
    let link = "audiosilo://connect?server=https%3A%2F%2Fbooks.example.com&token=pt-123"
    XCTAssertEqual(send(&state, .addressSubmitted(link)), [.checkServer(base)])
    XCTAssertEqual(send(&state, .serverChecked(.success(preview))), [.signIn(.pairingToken("pt-123"), preview)])
    XCTAssertNil(state.connections.signIn?.pendingMethod, "the token is used once, not kept")
  }

  func testInviteLinkCarriesTheCodeInItsFragment() {
    var state = AppState()
    XCTAssertEqual(send(&state, .addressSubmitted("https://books.example.com/connect#code=9M4K-P2TQ")), [.checkServer(base)])
    XCTAssertEqual(send(&state, .serverChecked(.success(preview))), [.signIn(.inviteCode("9M4K-P2TQ"), preview)])
  }

  func testAuthorizationLostAsksToReconnectOnceAndReconnectFillsTheAddress() {
    var state = AppState()
    _ = send(&state, .signInFinished(.success(connection)))  // no flow open: still recorded
    var lost = connection
    lost.needsReconnect = true
    XCTAssertEqual(send(&state, .authorizationLost(serverID: "srv-1")), [.saveServers([lost])])
    XCTAssertEqual(send(&state, .authorizationLost(serverID: "srv-1")), [], "one banner, not one per failing call")
    XCTAssertEqual(send(&state, .reconnectRequested(serverID: "srv-1")), [.checkServer(base)])
    XCTAssertEqual(state.connections.signIn?.address, base.absoluteString)
    XCTAssertEqual(state.connections.signIn?.step, .checking)
    _ = send(&state, .serverChecked(.success(preview)))
    _ = send(&state, .passwordSubmitted(username: "listener", password: "pw"))
    _ = send(&state, .signInFinished(.success(connection)))
    XCTAssertEqual(state.connections.servers, [connection], "reconnecting replaces, never duplicates")
  }

  func testComingBackOnlineRefreshesOnceAndOfflineChangesNothingElse() {
    var state = AppState()
    _ = send(&state, .restored([connection]))
    _ = send(&state, .librariesLoaded(serverID: "srv-1", .success([LibrarySummary(id: 1, name: "Audiobooks")])))
    XCTAssertEqual(
      send(&state, .reachabilityChanged(serverID: "srv-1", reachable: false)),
      [.startTimer(.reachabilityProbe, after: .seconds(20), repeating: true)])
    XCTAssertEqual(send(&state, .reachabilityChanged(serverID: "srv-1", reachable: false)), [], "one probe timer")
    XCTAssertEqual(state.connections.unreachable, ["srv-1"])
    XCTAssertEqual(state.connections.libraries["srv-1"], .loaded([LibrarySummary(id: 1, name: "Audiobooks")]))
    XCTAssertEqual(
      send(&state, .reachabilityChanged(serverID: "srv-1", reachable: true)),
      [.cancelTimer(.reachabilityProbe), .loadLibraries(connection.access)])
    XCTAssertEqual(send(&state, .reachabilityChanged(serverID: "srv-1", reachable: true)), [])
  }

  func testSignOutRevokesThenForgets() {
    var state = AppState()
    _ = send(&state, .restored([connection]))
    XCTAssertEqual(
      send(&state, .signOutRequested(serverID: "srv-1", at: Date())), [.flushProgress(serverID: "srv-1")],
      "the unsent places go first, while the token works")
    XCTAssertEqual(send(&state, .signOutRequested(serverID: "srv-1", at: Date())), [], "asked once")
    XCTAssertEqual(send(&state, .progressFlushed(serverID: "srv-1", remaining: 0)), [.signOut(connection.access)])
    XCTAssertEqual(state.connections.servers, [connection], "kept until the server has been told")
    let remembered = RememberedServer(serverID: "srv-1", name: "Home Books", baseURL: base)
    XCTAssertEqual(
      send(&state, .signedOut(serverID: "srv-1")), [.saveServers([]), .saveRememberedServers([remembered])])
    XCTAssertEqual(state.connections.servers, [])
    XCTAssertNil(state.connections.libraries["srv-1"])
    // Offered again in Add Server, and no longer once signed back in.
    _ = send(&state, .addServerRequested)
    XCTAssertEqual(selectSignIn(state)?.recent.map(\.id), [remembered.serverID])
    _ = send(&state, .addressSubmitted(base.absoluteString))
    _ = send(&state, .serverChecked(.success(preview)))
    _ = send(&state, .inviteCodeSubmitted("CODE"))
    XCTAssertEqual(
      send(&state, .signInFinished(.success(connection))),
      [.saveServers([connection]), .loadLibraries(connection.access), .saveRememberedServers([])])
    XCTAssertEqual(state.connections.remembered, [])
  }

  func testRestoredServersLoadTheirLibraries() {
    var state = AppState()
    let other = ServerConnection(serverID: "srv-2", name: "Cabin", baseURL: URL(string: "http://10.0.0.2:8080")!, username: "u")
    XCTAssertEqual(
      send(&state, .restored([connection, other])),
      [.loadLibraries(connection.access), .loadLibraries(other.access)])
    XCTAssertEqual(state.connections.libraries, ["srv-1": .loading, "srv-2": .loading])
  }

  func testProbeRunsEvery20SecondsInVirtualTimeUntilTheServerAnswers() async {
    let connection = self.connection
    await MainActor.run {
      let clock = ManualClock()
      var services: [Effect] = []
      let runner = EffectRunner(clock: clock, persistSetting: { _, _ in }) { effect, _ in services.append(effect) }
      let store = Store(effects: runner)
      store.dispatch(.connections(.restored([connection])))
      services.removeAll()
      store.dispatch(.connections(.reachabilityChanged(serverID: "srv-1", reachable: false)))
      clock.advance(by: .seconds(19))
      XCTAssertEqual(services, [], "not before 20 s")
      clock.advance(by: .seconds(1))
      XCTAssertEqual(services, [.probeServers([connection.access])])
      clock.advance(by: .seconds(40))
      XCTAssertEqual(services.count, 3, "every 20 s while unreachable")
      store.dispatch(.connections(.reachabilityChanged(serverID: "srv-1", reachable: true)))
      services.removeAll()
      clock.advance(by: .seconds(120))
      XCTAssertEqual(services, [], "no probes once it answers")
    }
  }
}
