import Foundation
import HarkCore
import HarkTestSupport
import XCTest

/// An AudioSilo API never redirects. A 302 on an API call is not followed:
/// it is a clear error, and another origin's answer (its 401 above all) can
/// never pass for the server's and sign the listener out. Covers may move to
/// another host and are followed, but the token never goes with them, and
/// that host's 401 signs nobody out either.
final class ClientRedirectTests: ClientTestCase {
  nonisolated(unsafe) private static var elsewhere: TestServer?

  override class func tearDown() {
    elsewhere?.stop()
    elsewhere = nil
    super.tearDown()
  }

  /// A second server at another origin (another port), which knows no session of ours.
  private func otherOrigin() throws -> TestServer {
    let server = try Self.elsewhere ?? TestServer.start(library: h.library)
    Self.elsewhere = server
    return server
  }

  private func requests(at server: TestServer) async throws -> [LoggedRequest] {
    let url = try XCTUnwrap(URL(string: server.controlURL.absoluteString + "/requests"))
    let response = try await h.transport.send(HTTPRequest(method: "GET", url: url))
    struct Log: Decodable { let requests: [LoggedRequest] }
    return try JSONDecoder().decode(Log.self, from: response.body).requests
  }

  func testAnAPIRedirectToAnotherOriginIsNotFollowedAndSignsNobodyOut() async throws {
    let elsewhere = try otherOrigin()
    let before = try await requests(at: elsewhere).count
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    let target = elsewhere.baseURL.absoluteString + "/api/v1/libraries"
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 302, "headers": {"Location": "\#(target)"}, "body": "", "count": 1}"#)

    let error = await apiError { try await client.libraries() }
    guard case .server(302, _) = error else { return XCTFail("expected the 302 itself, got \(String(describing: error))") }
    XCTAssertEqual(
      error?.userMessage,
      "The server sent Hark to another address, which an AudioSilo server never does. Check the server's address.")
    XCTAssertEqual(failures.count, 0, "a redirect is not a signed-out session")
    let seen = try await requests(at: elsewhere).count
    XCTAssertEqual(seen, before, "nothing was sent to the other origin")
  }

  func testACoverRedirectIsFollowedWithoutTheTokenAndItsRefusalSignsNobodyOut() async throws {
    let elsewhere = try otherOrigin()
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    let book = ClientHarness.multiFileBook
    let moved = client.coverURL(libraryID: 1, path: book).absoluteString
      .replacingOccurrences(of: h.baseURL.absoluteString, with: elsewhere.baseURL.absoluteString)
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries/1/cover", "status": 302, "headers": {"Location": "\#(moved)"}, "body": "", "count": 1}"#)

    let error = await apiError { try await client.cover(libraryID: 1, path: book) }
    XCTAssertEqual(error?.isAuthFailure, true, "the other host refused a request without a token")
    XCTAssertEqual(failures.count, 0, "another origin's 401 says nothing about this session")
    let followed = try await requests(at: elsewhere).last
    XCTAssertEqual(followed?.path, "/api/v1/libraries/1/cover", "the redirect was followed")
    XCTAssertEqual(followed?.headers["Authorization"], "absent", "the token stayed with its server")
  }
}
