import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import HarkApp

/// The token goes only to the server that issued it: once another server
/// answers at its address (a reinstall, a reused address), the engine's
/// streams carry no token at all.
final class StreamTokenOriginTests: XCTestCase {
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

  @MainActor func testAnotherServerAtTheAddressGetsNoTokenInTheStreams() async throws {
    let harness = AppHarness(server: Self.address)
    addTeardownBlock { @MainActor in harness.tearDown() }
    try await harness.signIn()
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
