import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import HarkApp

/// The App's services as `AppServices` routes them, over real HTTP to the
/// test server: Hark started again (start-up is an action, the restore an
/// effect, and what it finds comes back as actions), and an owner the
/// playback tests never needed run rather than dropped.
final class AppServicesTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!

  override class func setUp() {
    super.setUp()
    server = try! TestServer.start(library: try! SampleLibrary.load(), arguments: ["--rate", "1000", "--burst", "1000"])
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  /// Signed in once; then a second Hark on the same data folder and, when
  /// `keepsToken`, the same sign-ins (else the keyring lost the token).
  @MainActor private func restarted(keepsToken: Bool) async throws -> AppHarness {
    let first = AppHarness(server: Self.server)
    addTeardownBlock { @MainActor in first.tearDown() }
    try await first.signIn()
    let again = AppHarness(
      server: Self.server, dataDirectory: first.dataDirectory, secrets: keepsToken ? first.secrets : nil)
    addTeardownBlock { @MainActor in again.tearDown() }
    again.store.dispatch(.connections(.launched))
    return again
  }

  /// The saved server comes back with its token: its libraries load from
  /// the server, then its queued places are sent and the mirror refreshed,
  /// each answered as an action.
  @MainActor func testARestartRestoresTheServerThenSendsAndRefreshesItsPlaces() async throws {
    let harness = try await restarted(keepsToken: true)
    let id = AppHarness.serverID
    try await harness.waitUntil("restored and loaded") {
      if case .loaded? = $0.connections.libraries[id] { true } else { false }
    }
    try await harness.waitUntil("the mirror refreshed") { _ in
      harness.actions.contains { if case .connections(.progressSeeded(id, .success)) = $0 { true } else { false } }
    }
    let restored = harness.actions.compactMap {
      if case .connections(.restored(let servers)) = $0 { servers } else { nil }
    }
    XCTAssertEqual(restored.map { $0.map(\.serverID) }, [[id]], "restored once, with the server")
    XCTAssertEqual(restored.first?.first?.needsReconnect, false, "its token was there")
    let flushed = harness.actions.firstIndex {
      if case .connections(.progressFlushed(id, _)) = $0 { true } else { false }
    }
    let seeded = harness.actions.firstIndex {
      if case .connections(.progressSeeded(id, _)) = $0 { true } else { false }
    }
    XCTAssertNotNil(flushed, "the queued places were sent")
    XCTAssertLessThan(flushed ?? .max, seeded ?? .min, "sent before the mirror is read from the server")
  }

  /// The token is gone from the keyring: the server is listed, says
  /// "Reconnect…", and nothing is asked of it.
  @MainActor func testARestoredServerWithoutItsTokenSaysReconnect() async throws {
    let harness = try await restarted(keepsToken: false)
    let id = AppHarness.serverID
    try await harness.waitUntil("restored") { $0.connections.server(id) != nil }
    XCTAssertEqual(harness.state.connections.server(id)?.needsReconnect, true)
    XCTAssertEqual(harness.state.connections.libraries[id], .failed("Reconnect to see this server's libraries."))
    XCTAssertFalse(
      harness.actions.contains { if case .connections(.librariesLoaded) = $0 { true } else { false } },
      "no load was sent for it")

    // Asked for its API keys all the same (from its Preferences row), the
    // list is answered, not left loading.
    harness.store.dispatch(.connections(.apiKeysRequested(serverID: id)))
    try await harness.waitUntil("the key list answered") { $0.connections.apiKeys[id] != .loading }
    XCTAssertEqual(harness.state.connections.apiKeys[id], .failed("Hark is not signed in to this server."))
  }

  /// The Book page's extras: the harness routes them as Hark does.
  @MainActor func testABookOpenedHasItsBookmarksAndNotesAnswered() async throws {
    let harness = AppHarness(server: Self.server)
    addTeardownBlock { @MainActor in harness.tearDown() }
    try await harness.signIn()
    let book = harness.book("Marguerite Holloway/The Lighthouse Keeper")
    harness.store.dispatch(.library(.bookOpened(book)))
    try await harness.waitUntil("its bookmarks and notes are answered") {
      guard let extras = $0.library.extras[book] else { return false }
      return extras.bookmarks != .loading && extras.notes != .loading
    }
    XCTAssertEqual(harness.state.library.extras[book]?.bookmarks, .loaded([]), "none kept on the test server")
    XCTAssertEqual(harness.state.library.extras[book]?.notes, .loaded([]))
  }
}
