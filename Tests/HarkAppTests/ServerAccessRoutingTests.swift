import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import HarkApp

/// Who is signed in, and whether the server at an address is still the one
/// that issued the token, is the store's to say; the services act on the
/// `ServerAccess` its effects carry, and the token goes only to the server
/// that issued it (a reinstall, a reused address). Over real HTTP, routed
/// as Hark routes.
final class ServerAccessRoutingTests: XCTestCase {
  nonisolated(unsafe) private static var home: TestServer!
  nonisolated(unsafe) private static var stranger: TestServer!
  /// One address, answered by `home` until told to hand it to `stranger`.
  nonisolated(unsafe) private static var address: TestServer!
  private static let book = "Marguerite Holloway/The Lighthouse Keeper"

  override class func setUp() {
    super.setUp()
    let library = try! SampleLibrary.load()
    home = try! TestServer.start(library: library, arguments: ["--rate", "1000", "--burst", "1000"])
    stranger = try! TestServer.start(
      library: library,
      arguments: ["--rate", "1000", "--burst", "1000", "--server-id", "someone-else-1", "--name", "Someone Else"])
    address = try! TestServer.addressSwapProxy(inFrontOf: [home, stranger])
  }

  override class func tearDown() {
    for server in [address, stranger, home] { server?.stop() }
    super.tearDown()
  }

  @MainActor private func harness(_ server: TestServer) -> AppHarness {
    let harness = AppHarness(server: server)
    addTeardownBlock { @MainActor in harness.tearDown() }
    return harness
  }

  /// Signed in at the shared address, which `home` answers again (a test
  /// before may have handed it to `stranger`).
  @MainActor private func signedInAtTheAddress() async throws -> AppHarness {
    let harness = harness(Self.address)
    let home = try await harness.transport.send(Self.address.useRequest(0))
    XCTAssertEqual(home.status, 204)
    try await harness.signIn()
    return harness
  }

  /// A download of the book, its files sent slowly by `server` so it is
  /// still running when the test acts; waits for its first bytes.
  @MainActor private func slowDownload(_ harness: AppHarness, from server: TestServer) async throws -> LibraryPath {
    let fault = #"{"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 2000}"#
    let added = try await harness.transport.send(server.controlRequest("POST", "faults", json: fault))
    XCTAssertEqual(added.status, 201)
    addTeardownBlock { @MainActor in _ = try? await harness.transport.send(server.controlRequest("DELETE", "faults")) }
    let root = harness.dataDirectory.appendingPathComponent("downloads", isDirectory: true)
    harness.store.dispatch(.downloads(.launched(root: root)))
    let book = harness.book(Self.book)
    harness.store.dispatch(.library(.bookOpened(book)))
    try await harness.waitUntil("the book is loaded") {
      if case .loaded? = $0.library.books[book] { true } else { false }
    }
    harness.store.dispatch(.downloads(.requested(book, at: Date())))
    try await harness.waitUntil("its first bytes arrive") { $0.downloads.transfers[book] != nil }
    return book
  }

  /// The address changes hands while the book downloads: the store,
  /// hearing of the other server, stops the download in its own words;
  /// the other server never sees the token.
  @MainActor func testADownloadStopsWhenAnotherServerAnswersAtItsAddress() async throws {
    let harness = try await signedInAtTheAddress()
    _ = try await harness.transport.send(Self.stranger.controlRequest("DELETE", "requests"))
    let book = try await slowDownload(harness, from: Self.home)

    let handed = try await harness.transport.send(Self.address.useRequest(1))
    XCTAssertEqual(handed.status, 204)
    harness.store.dispatch(.connections(.identityRecheckRequested(serverID: AppHarness.serverID)))
    try await harness.waitUntil("the download stops") { $0.downloads.entries[book]?.status == .error }
    XCTAssertEqual(
      harness.state.downloads.entries[book]?.message,
      "Another server (“Someone Else”) now answers at the address of Hark Test Server, so the download stopped. "
        + "Retry once your server is back.")
    XCTAssertFalse(
      harness.actions.contains { if case .downloads(.failed) = $0 { true } else { false } },
      "stopped by the store, not failed on a request")

    let log = try await harness.transport.send(Self.stranger.controlRequest("GET", "requests"))
    let requests = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: log.body) as? [String: Any])?["requests"] as? [[String: Any]])
    XCTAssertFalse(requests.isEmpty, "the other server was asked who it is")
    let withToken = requests.filter { ($0["headers"] as? [String: String])?["Authorization"] == "present" }
    XCTAssertEqual(withToken.compactMap { $0["path"] as? String }, [], "the other server got the token")
  }

  /// Signing out while the book downloads: the download goes back to the
  /// queue, the unsent places are sent (their answer an action) before the
  /// sign-out, and nothing fails.
  @MainActor func testSigningOutMidDownloadSendsThePlacesFirst() async throws {
    let harness = harness(Self.home)
    try await harness.signIn()
    let book = try await slowDownload(harness, from: Self.home)
    harness.store.dispatch(.connections(.signOutRequested(serverID: AppHarness.serverID, at: Date())))
    try await harness.waitUntil("signed out") { $0.connections.servers.isEmpty }

    XCTAssertEqual(harness.state.downloads.entries[book]?.status, .queued, "waits for a sign-in again")
    let asked = harness.actions.firstIndex {
      if case .connections(.signOutRequested(AppHarness.serverID, _)) = $0 { true } else { false }
    }
    let flushed = harness.actions.indices.first { index in
      guard index > (asked ?? .max), case .connections(.progressFlushed(AppHarness.serverID, _)) = harness.actions[index]
      else { return false }
      return true
    }
    let signedOut = harness.actions.firstIndex {
      if case .connections(.signedOut(AppHarness.serverID)) = $0 { true } else { false }
    }
    XCTAssertNotNil(flushed, "the places were sent after the sign-out was asked for, and the store heard")
    XCTAssertLessThan(flushed ?? .max, signedOut ?? .min, "before the token went")
    XCTAssertFalse(harness.actions.contains { if case .downloads(.failed) = $0 { true } else { false } })
    let token = try await harness.secrets.store.value.load(.session(serverID: AppHarness.serverID))
    XCTAssertNil(token, "the token is gone")
  }

  /// Signing out while the server refuses the listener's unsent place: the
  /// sign-out goes on, the place stays queued on this computer (the store
  /// counts it, and counts it again when Hark starts again on the same
  /// files), and signing in again sends it.
  @MainActor func testAPlaceThatCannotBeSentAtSignOutIsKeptForTheNextSignIn() async throws {
    let harness = harness(Self.home)
    try await harness.signIn()
    let id = AppHarness.serverID
    let fault = #"{"path_prefix": "/api/v1/libraries/1/progress", "method": "PUT", "status": 500}"#
    let added = try await harness.transport.send(Self.home.controlRequest("POST", "faults", json: fault))
    XCTAssertEqual(added.status, 201)
    addTeardownBlock { @MainActor in _ = try? await harness.transport.send(Self.home.controlRequest("DELETE", "faults")) }
    let syncer = try XCTUnwrap(harness.connections.progressSyncer)
    let place = ProgressRecord(key: harness.book(Self.book), position: 42, duration: 300, deviceID: "", updatedAt: Date())
    _ = try await syncer.save(place, online: false)  // saved while the server was away
    XCTAssertEqual(try syncer.store.pendingSaves(serverID: id).count, 1)

    harness.store.dispatch(.connections(.signOutRequested(serverID: id, at: Date())))
    try await harness.waitUntil("signed out") { $0.connections.servers.isEmpty }
    XCTAssertEqual(harness.state.connections.unsentKept[id], 1, "the store heard it could not be sent")
    XCTAssertEqual(
      selectServersPreferences(harness.state).map(\.unsent),
      ["1 listening place not yet sent — it will be sent at the next sign-in"], "and Preferences → Servers says so")
    XCTAssertEqual(try syncer.store.pendingSaves(serverID: id).map(\.record.position), [42], "kept")

    // Hark started again on the same files: the count is read from the
    // queue on disk, and both places a listener looks say so again.
    let restarted = AppHarness(server: Self.home, dataDirectory: harness.dataDirectory, secrets: harness.secrets)
    addTeardownBlock { @MainActor in restarted.tearDown() }
    restarted.store.dispatch(.connections(.launched))
    try await restarted.waitUntil("the kept place counted at start") { $0.connections.unsentKept[id] != nil }
    XCTAssertEqual(restarted.state.connections.unsentKept, [id: 1])
    let kept = "1 listening place not yet sent — it will be sent at the next sign-in"
    XCTAssertEqual(selectServersPreferences(restarted.state).map(\.unsent), [kept])
    XCTAssertEqual(
      selectRecentServers(restarted.state.connections).map(\.subtitle), [Self.home.baseURL.hostAndPort + "\n" + kept])

    _ = try await harness.transport.send(Self.home.controlRequest("DELETE", "faults"))
    try await restarted.signIn()
    try await restarted.waitUntil("sent on the sign-in again") { _ in
      (try? syncer.store.pendingSaves(serverID: id).isEmpty) == true
    }
    XCTAssertNil(restarted.state.connections.unsentKept[id])
    XCTAssertEqual(selectServersPreferences(restarted.state).map(\.unsent), [nil])
  }

  /// The store counts the server as signed in but there is no token for
  /// it: the load is answered as a lost session ("Sign in again"), not
  /// with a service's own "not signed in".
  @MainActor func testAServerWithoutATokenIsAnsweredAsSignInAgain() async throws {
    let harness = harness(Self.home)
    let server = ServerConnection(
      serverID: AppHarness.serverID, name: "Hark Test Server", baseURL: Self.home.baseURL, username: "listener")
    harness.store.dispatch(.connections(.restored([server])))
    try await harness.waitUntil("answered") { $0.connections.libraries[AppHarness.serverID] != .loading }
    XCTAssertEqual(harness.state.connections.server(AppHarness.serverID)?.needsReconnect, true, "Sign in again")
    XCTAssertEqual(
      harness.state.connections.libraries[AppHarness.serverID], .failed("Reconnect to see this server's libraries."))
    XCTAssertTrue(
      harness.actions.contains { if case .connections(.sessionMissing(AppHarness.serverID)) = $0 { true } else { false } })
  }

  /// A restored server the store still counts as signed in, whose token
  /// the keyring no longer holds: the Book page it asks for is answered
  /// ("not signed in") in every list, none left loading, and the store
  /// hears the session is gone.
  @MainActor func testABookPageWithoutATokenIsAnsweredNotLeftLoading() async throws {
    let harness = harness(Self.home)
    let server = ServerConnection(
      serverID: AppHarness.serverID, name: "Hark Test Server", baseURL: Self.home.baseURL, username: "listener")
    harness.store.dispatch(.connections(.restored([server])))
    let book = harness.book(Self.book)
    harness.store.dispatch(.library(.bookOpened(book)))
    try await harness.waitUntil("the Book page's lists are answered") { state in
      guard let extras = state.library.extras[book] else { return false }
      return extras.resume != nil && extras.bookmarks != .loading && extras.notes != .loading
        && extras.history != .loading
    }
    let extras = try XCTUnwrap(harness.state.library.extras[book])
    XCTAssertEqual(extras.resume, .failed(.notSignedIn))
    XCTAssertEqual(extras.bookmarks, .failed("Hark is not signed in to this server."))
    XCTAssertEqual(extras.notes, .failed("Hark is not signed in to this server."))
    XCTAssertEqual(extras.history, .failed("Hark is not signed in to this server."))
    try await harness.waitUntil("Sign in again") {
      $0.connections.server(AppHarness.serverID)?.needsReconnect == true
    }
  }

  /// Once another server answers at the address, the engine's streams
  /// carry no token at all.
  @MainActor func testAnotherServerAtTheAddressGetsNoTokenInTheStreams() async throws {
    let harness = try await signedInAtTheAddress()
    let token = try await harness.token()
    let streamed = try await harness.play(harness.book(Self.book))
    XCTAssertTrue(streamed.allSatisfy { $0.headers == ["Authorization": "Bearer \(token)"] }, "the issuer's streams")

    // The address changes hands; the next call finds out who answers.
    let handed = try await harness.transport.send(Self.address.useRequest(1))
    XCTAssertEqual(handed.status, 204)
    harness.store.dispatch(.connections(.identityRecheckRequested(serverID: AppHarness.serverID)))
    try await harness.waitUntil("another server is noticed") {
      $0.connections.differentServers[AppHarness.serverID] != nil
    }

    // Try Again loads the book afresh: nothing of the token goes out.
    harness.store.dispatch(.player(.playback(.retry, at: Date())))
    let reloaded = try XCTUnwrap(harness.engine.loadedSources)
    XCTAssertEqual(reloaded.count, streamed.count)
    for source in reloaded {
      XCTAssertEqual(source.headers, [:], "\(source.uri)")
      XCTAssertFalse(source.uri.absoluteString.contains(token))
      XCTAssertNotEqual(source.uri.port, Self.address.baseURL.port, "not streamed from the stranger: \(source.uri)")
    }
  }
}
