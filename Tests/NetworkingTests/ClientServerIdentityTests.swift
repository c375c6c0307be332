import Foundation
import HarkCore
import HarkTestSupport
import Networking
import Synchronization
import XCTest

/// Another AudioSilo server takes over the signed-in address (a relay in
/// front of two real test servers hands it over). The token goes only to
/// the server that issued it: the stranger gets at most the one request that
/// discovers it, never `/auth/logout`; its 401 signs nobody out; and the
/// session works again when the right server is back.
final class ClientServerIdentityTests: XCTestCase {
  nonisolated(unsafe) private static var home: TestServer!
  nonisolated(unsafe) private static var stranger: TestServer!
  nonisolated(unsafe) private static var address: TestServer!
  private let transport = SoupTransport(userAgent: "Hark-identity-tests")

  override class func setUp() {
    super.setUp()
    let library = try! SampleLibrary.load()
    home = try! TestServer.start(library: library)
    stranger = try! TestServer.start(
      library: library, arguments: ["--server-id", "someone-else-1", "--name", "Someone Else's Server"])
    address = try! TestServer.addressSwapProxy(inFrontOf: [home, stranger])
  }

  override class func tearDown() {
    for server in [address, stranger, home] { server?.stop() }
    super.tearDown()
  }

  override func tearDown() async throws {
    try await use(0)
  }

  private func use(_ index: Int) async throws {
    let response = try await transport.send(Self.address.useRequest(index))
    XCTAssertEqual(response.status, 204)
  }

  /// What the stranger's main port saw, oldest first, as "METHOD path Authorization".
  private func strangerSaw() async throws -> [String] {
    let url = try XCTUnwrap(URL(string: Self.stranger.controlURL.absoluteString + "/requests"))
    let response = try await transport.send(HTTPRequest(method: "GET", url: url))
    struct Log: Decodable {
      struct Entry: Decodable {
        let method: String
        let path: String
        let headers: [String: String]
      }
      let requests: [Entry]
    }
    return try JSONDecoder().decode(Log.self, from: response.body).requests
      .map { "\($0.method) \($0.path) \($0.headers["Authorization"] ?? "?")" }
  }

  private func signedInClient(
    _ identity: ServerIdentityCheck, authFailures: CallCounter, strangers: NameRecorder
  ) async throws -> AudioSiloClient {
    let anonymous = AudioSiloClient(baseURL: Self.address.baseURL, token: nil, transport: transport)
    let session = try await anonymous.login(username: "listener", password: "correct horse", deviceName: "identity")
    return AudioSiloClient(
      baseURL: Self.address.baseURL, token: session.token, transport: transport,
      onAuthFailure: authFailures.callback, identity: identity, onDifferentServer: strangers.record)
  }

  func testAServerFoundAtTheAddressBeforeTheTokenIsSentNeverGetsIt() async throws {
    let identity = ServerIdentityCheck(serverID: "test-server-1")
    let failures = CallCounter()
    let strangers = NameRecorder()
    let client = try await signedInClient(identity, authFailures: failures, strangers: strangers)
    let before = try await strangerSaw().count
    try await use(1)  // between two runs, say: the next run starts with the stranger there

    let error = await apiError { try await client.libraries() }
    XCTAssertEqual(error, .differentServer(name: "Someone Else's Server"))
    XCTAssertEqual(strangers.names, ["Someone Else's Server"])
    XCTAssertEqual(failures.count, 0, "not a sign-out")
    let progress = await apiError { try await client.progress(libraryID: 1, path: ClientHarness.multiFileBook) }
    XCTAssertEqual(progress, .differentServer(name: "Someone Else's Server"), "nothing else goes either")
    let seen = try await strangerSaw().dropFirst(before)
    XCTAssertEqual(Array(seen), ["GET /api/v1/server absent", "GET /api/v1/server absent"])

    // The right server is back: the same session works, once it has said who it is.
    try await use(0)
    await identity.forget()
    let libraries = try await client.libraries()
    XCTAssertFalse(libraries.isEmpty)
  }

  func testAStrangersRefusalIsNotASignOut() async throws {
    let identity = ServerIdentityCheck(serverID: "test-server-1")
    let failures = CallCounter()
    let strangers = NameRecorder()
    let client = try await signedInClient(identity, authFailures: failures, strangers: strangers)
    _ = try await client.libraries()  // checked: the home server answered
    let before = try await strangerSaw().count
    try await use(1)  // taken over while Hark runs

    let error = await apiError { try await client.libraries() }
    XCTAssertEqual(error, .differentServer(name: "Someone Else's Server"))
    XCTAssertEqual(failures.count, 0, "the stranger's 401 does not sign the listener out")
    let seen = try await strangerSaw().dropFirst(before)
    XCTAssertEqual(
      Array(seen), ["GET /api/v1/libraries present", "GET /api/v1/server absent"],
      "only the one request that discovered it carried the token")

    try await use(0)
    await identity.forget()
    let libraries = try await client.libraries()
    XCTAssertFalse(libraries.isEmpty, "still signed in to the original")
  }
}

/// Names passed to `onDifferentServer`, in order.
final class NameRecorder: Sendable {
  private let recorded = Mutex<[String]>([])
  var names: [String] { recorded.withLock { $0 } }
  var record: @Sendable (String) -> Void { { name in self.recorded.withLock { $0.append(name) } } }
}
