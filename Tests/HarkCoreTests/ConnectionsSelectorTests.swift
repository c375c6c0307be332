import Foundation
import HarkCore
import XCTest

/// What the banner, the Library overview and the Add Server dialog show.
final class ConnectionsSelectorTests: XCTestCase {
  private func server(_ id: String, _ name: String, needsReconnect: Bool = false) -> ServerConnection {
    .fixture(id, name, needsReconnect: needsReconnect)
  }

  func testBannerPutsSignedOutBeforeOfflineBeforeTheKeyring() {
    var state = AppState()
    XCTAssertNil(selectBanner(state), "nothing to say with no servers")
    state.connections.keyringProblem = .notRunning
    XCTAssertNil(selectBanner(state), "no tokens yet, so nothing to lose")
    state.connections.servers = [server("a", "Home"), server("b", "Cabin")]
    XCTAssertEqual(selectBanner(state)?.message.hasPrefix("No keyring is running"), true)
    state.connections.unreachable = ["b"]
    XCTAssertEqual(
      selectBanner(state),
      BannerState(
        message: "Cabin is offline. Its library shows as last seen; Hark keeps your place and reconnects on its own."))
    state.connections.unreachable = ["a", "b"]
    XCTAssertEqual(selectBanner(state)?.message, "2 servers are offline. Their libraries show as last seen; Hark keeps your place and reconnects on its own.")
    state.connections.servers[0].needsReconnect = true
    XCTAssertEqual(
      selectBanner(state),
      BannerState(
        message: "You were signed out of Home.", actionLabel: "Reconnect",
        action: .connections(.reconnectRequested(serverID: "a"))))
  }

  func testOverviewShowsEachServersStatusAndAddress() {
    var state = AppState()
    state.connections.servers = [server("a", "Home"), server("b", "Cabin", needsReconnect: true)]
    state.connections.unreachable = ["a"]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    XCTAssertEqual(selectLibraryOverview(state), [
      ServerSection(
        id: "a", title: "Home", subtitle: "ada · a.example.com:8443", status: .offline,
        libraries: .loaded([LibrarySummary(id: 1, name: "Audiobooks")])),
      ServerSection(id: "b", title: "Cabin", subtitle: "ada · b.example.com:8443", status: .signedOut, libraries: .loading),
    ])
  }

  func testSignInStepsAndTheMethodsAServerOffers() {
    var state = AppState()
    XCTAssertNil(selectSignIn(state))
    state.connections.signIn = SignInState(address: "books")
    XCTAssertEqual(selectSignIn(state)?.step, .address)
    state.connections.signIn?.step = .checking
    XCTAssertEqual(selectSignIn(state)?.step, .working("Contacting the server…"))
    let preview = ServerPreview(
      baseURL: URL(string: "https://books")!, serverID: "s", name: "Books", acceptsPassword: true,
      acceptsInviteCode: false, offersDemo: true)
    state.connections.signIn?.step = .chooseMethod(preview)
    XCTAssertEqual(selectSignIn(state)?.methods, [.password, .demo])
    XCTAssertEqual(selectSignIn(state)?.serverName, "Books")
    state.connections.signIn?.step = .signingIn(preview)
    XCTAssertEqual(selectSignIn(state)?.step, .working("Signing in to Books…"))
  }
}

/// Another server at a signed-in address: said in plain words, above the
/// offline banner, with Try Again; the listener stays signed in.
final class DifferentServerTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com:8443")!, username: "ada")

  func testTheBannerSaysWhoAnswersAndTryAgainChecksAgain() {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.unreachable = ["a"]
    XCTAssertEqual(reduce(&state, .connections(.differentServerAnswered(serverID: "a", name: "Other <b>"))), [])
    XCTAssertEqual(
      selectBanner(state),
      BannerState(
        message: "A different server, “Other <b>”, now answers at a.example.com:8443. Hark does not send it "
          + "your sign-in and keeps your place on Home until it is back.",
        actionLabel: "Try Again", action: .connections(.identityRecheckRequested(serverID: "a")),
        choices: [
          BannerChoice(
            label: "Connect to “Other <b>”",
            command: .dispatch([
              .connections(.addServerRequested), .connections(.addressSubmitted("https://a.example.com:8443")),
            ])),
          BannerChoice(label: "Sign Out of Home", command: .signOut(serverID: "a", name: "Home")),
        ]))
    XCTAssertFalse(state.connections.servers[0].needsReconnect, "not signed out")

    XCTAssertEqual(reduce(&state, .connections(.identityRecheckRequested(serverID: "a"))), [.loadLibraries(ServerAccess(serverID: "a", baseURL: home.baseURL, trusted: false))])
    XCTAssertEqual(state.connections.libraries["a"], .loading)
    _ = reduce(&state, .connections(.librariesLoaded(serverID: "a", .success([]))))
    XCTAssertNil(state.connections.differentServers["a"], "the home server answered with the token")
  }

  func testSigningOutForgetsIt() {
    var state = AppState()
    state.connections.servers = [home]
    _ = reduce(&state, .connections(.differentServerAnswered(serverID: "a", name: "Other")))
    _ = reduce(&state, .connections(.signedOut(serverID: "a")))
    XCTAssertEqual(state.connections.differentServers, [:])
    XCTAssertEqual(reduce(&state, .connections(.differentServerAnswered(serverID: "a", name: "Other"))), [])
    XCTAssertEqual(state.connections.differentServers, [:], "not for a server no longer signed in")
  }
}
