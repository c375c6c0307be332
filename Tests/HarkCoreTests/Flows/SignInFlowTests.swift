import Foundation
import XCTest

@testable import HarkCore

/// Adding a server, step by step as the window sends it: every step's whole
/// next state and every effect it asks for (`ReducerTestStore`).
final class SignInFlowTests: XCTestCase {
  private typealias F = FlowFixtures

  func testAddingAServerWithAPasswordSignsInAndLoadsItsLibrariesThenItsHome() {
    var store = ReducerTestStore()
    store.send(.connections(.addServerRequested)) { $0.connections.signIn = SignInState() }
    store.send(.connections(.addressSubmitted(" books.example.com ")), effects: [.checkServer(F.base)]) {
      $0.connections.signIn?.address = "books.example.com"
      $0.connections.signIn?.step = .checking
    }
    store.send(.connections(.serverChecked(.success(F.preview)))) {
      $0.connections.signIn?.step = .chooseMethod(F.preview)
    }
    store.send(
      .connections(.passwordSubmitted(username: " listener ", password: "pw")),
      effects: [.signIn(.password(username: "listener", password: "pw"), F.preview)]
    ) {
      $0.connections.signIn?.step = .signingIn(F.preview)
    }
    store.send(
      .connections(.signInFinished(.success(F.server))),
      effects: [.saveServers([F.server]), .loadLibraries(F.server.access)]
    ) {
      $0.connections.signIn = nil
      $0.connections.servers = [F.server]
      $0.connections.libraries["srv-1"] = .loading
    }
    store.send(
      .connections(.librariesLoaded(serverID: "srv-1", .success([F.library]))),
      effects: [.flushProgress(serverID: "srv-1"), .loadHome(.server(F.server.access))]
    ) {
      $0.connections.libraries["srv-1"] = .loaded([F.library])
    }
    // The places saved while away are sent, then the mirror is refreshed
    // from the server; both answer, and nothing on screen changes.
    store.send(
      .connections(.progressFlushed(serverID: "srv-1", remaining: 0)), effects: [.seedProgress(serverID: "srv-1")])
    store.send(.connections(.progressSeeded(serverID: "srv-1", .success(3))))
  }

  func testWrongPasswordGoesBackToTheMethodsWithTheServersWordsAndNothingSaved() {
    var store = ReducerTestStore()
    store.send(.connections(.addressSubmitted("books.example.com")), effects: [.checkServer(F.base)]) {
      var flow = SignInState(address: "books.example.com")
      flow.step = .checking
      $0.connections.signIn = flow
    }
    store.send(.connections(.serverChecked(.success(F.preview)))) {
      $0.connections.signIn?.step = .chooseMethod(F.preview)
    }
    store.send(
      .connections(.passwordSubmitted(username: "listener", password: "wrong")),
      effects: [.signIn(.password(username: "listener", password: "wrong"), F.preview)]
    ) {
      $0.connections.signIn?.step = .signingIn(F.preview)
    }
    store.send(.connections(.signInFinished(.failure(FailureMessage("invalid credentials"))))) {
      $0.connections.signIn?.step = .chooseMethod(F.preview)
      $0.connections.signIn?.error = "invalid credentials"
    }
  }

  /// A restored server whose token is gone from the keyring is answered at
  /// once ("Reconnect…"), never left loading; the other one loads.
  func testARestoredServerWithoutItsTokenSaysReconnectAndLoadsNothing() {
    var lost = ServerConnection(
      serverID: "srv-2", name: "Cabin", baseURL: URL(string: "http://10.0.0.2:8080")!, username: "u")
    lost.needsReconnect = true
    var store = ReducerTestStore()
    store.send(.connections(.restored([F.server, lost])), effects: [.loadLibraries(F.server.access)]) {
      $0.connections.servers = [F.server, lost]
      $0.connections.libraries = ["srv-1": .loading, "srv-2": .failed("Reconnect to see this server's libraries.")]
    }
  }

  /// Start-up is an action like any other: the reducer asks for the saved
  /// servers (`restoreServers`), and what the restore finds comes back as
  /// actions: the servers (each loaded), those signed out of, and the book
  /// listened to last, offered by the mini-player.
  func testStartUpRestoresTheServersAndTheLastBookThroughActions() {
    let signedOut = RememberedServer(serverID: "srv-9", name: "Old", baseURL: URL(string: "https://old.example.com")!)
    var store = ReducerTestStore()
    store.send(.connections(.launched), effects: [.restoreServers])
    let folder = URL(fileURLWithPath: "/books/downloads")
    store.send(.downloads(.launched(root: folder)), effects: [.loadDownloadRegistry(root: folder)])
    store.send(.connections(.restored([F.server])), effects: [.loadLibraries(F.server.access)]) {
      $0.connections.servers = [F.server]
      $0.connections.libraries["srv-1"] = .loading
    }
    store.send(.connections(.rememberedLoaded([signedOut]))) { $0.connections.remembered = [signedOut] }
    store.send(.player(.lastPlaceRemembered(F.bookPath, position: 95)), effects: [.loadBook(F.bookPath, .server(F.server.access))]) {
      $0.player.remembered = RememberedPlace(book: F.bookPath, position: 95)
      $0.library.books[F.bookPath] = .loading
      $0.player.session.rules.autoRewindLimit = 5  // Preferences' default, read at each player action
    }
  }

  /// Libraries answered from the cache, standing in for a server that did
  /// not answer, send nothing: its queued places wait until it answers.
  func testLibrariesLastSeenWhileTheServerIsAwaySendNoQueuedPlaces() {
    var initial = F.signedIn()
    initial.connections.libraries["srv-1"] = .loading
    var store = ReducerTestStore(initial)
    store.send(
      .connections(.reachabilityChanged(serverID: "srv-1", reachable: false)),
      effects: [.startTimer(.reachabilityProbe, after: .seconds(20), repeating: true)]
    ) {
      $0.connections.unreachable = ["srv-1"]
    }
    store.send(
      .connections(.librariesLoaded(serverID: "srv-1", .success([F.library]))), effects: [.loadHome(.server(F.server.access))]
    ) {
      $0.connections.libraries["srv-1"] = .loaded([F.library])
    }
  }

  /// A flush that ends after a sign-out seeds nothing: the server is gone.
  func testAFlushAnsweredAfterSignOutSeedsNothing() {
    var store = ReducerTestStore()
    store.send(.connections(.progressFlushed(serverID: "srv-1", remaining: 2)))
  }
}
