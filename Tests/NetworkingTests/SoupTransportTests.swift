import Foundation
import HarkCore
import HarkTestSupport
import Networking
import XCTest

/// libsoup over real HTTP to the repository's AudioSilo test server:
/// answers of every status come back as responses; timeouts, cancels,
/// refused and dropped connections and bad certificates come back as the
/// distinct transport errors the client and reachability rely on.
final class SoupTransportTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!
  nonisolated(unsafe) private static var library: SampleLibrary!
  private let transport = SoupTransport(userAgent: "Hark-tests")

  override class func setUp() {
    super.setUp()
    library = try! SampleLibrary.load()
    server = try! TestServer.start(library: library)
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  override func tearDown() async throws {
    _ = try await transport.send(Self.server.controlRequest("DELETE", "faults"))
  }

  private func api(_ path: String, query: String = "") -> URL {
    URL(string: Self.server.baseURL.absoluteString + "/api/v1" + path + query)!
  }

  private func fault(_ json: String) async throws {
    let response = try await transport.send(Self.server.controlRequest("POST", "faults", json: json))
    XCTAssertEqual(response.status / 100, 2, String(decoding: response.body, as: UTF8.self))
  }

  private func expectFailure(
    _ expected: TransportError, _ request: HTTPRequest, file: StaticString = #filePath, line: UInt = #line
  ) async {
    do {
      let response = try await transport.send(request)
      XCTFail("expected \(expected), got HTTP \(response.status)", file: file, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: file, line: line)
    }
  }

  func testAnswerCarriesStatusLowercasedHeadersAndBody() async throws {
    let response = try await transport.send(HTTPRequest(method: "GET", url: api("/server")))
    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(response.headers["content-type"]?.hasPrefix("application/json"), true)
    let info = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    XCTAssertEqual(info?["server_id"] as? String, "test-server-1")
    XCTAssertFalse(response.bodyTruncated)
  }

  func testErrorStatusIsAnAnswerNotATransportFailure() async throws {
    let response = try await transport.send(HTTPRequest(method: "GET", url: api("/me")))
    XCTAssertEqual(response.status, 401)
    XCTAssertEqual(response.reason, "Unauthorized")
  }

  func testRequestBodyAndHeadersArrive() async throws {
    let body = #"{"username":"listener","password":"correct horse","device_name":"Hark tests"}"#
    let response = try await transport.send(HTTPRequest(
      method: "POST", url: api("/auth/login"), headers: ["Content-Type": "application/json"],
      body: Data(body.utf8)))
    XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
    let token = try XCTUnwrap((try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["token"] as? String)
    let me = try await transport.send(HTTPRequest(
      method: "GET", url: api("/me"), headers: ["Authorization": "Bearer \(token)"]))
    XCTAssertEqual(me.status, 200)
  }

  func testBodyBeyondTheLimitIsCutAndFlagged() async throws {
    let book = try XCTUnwrap(Self.library.book("mp3-multi"))
    let file = book.files[0].path
    let query = "?path=" + file.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let login = try await signIn()
    var request = HTTPRequest(
      method: "GET", url: api("/libraries/1/stream", query: query), headers: ["Authorization": "Bearer \(login)"])
    request.maxResponseBytes = 10_000
    let response = try await transport.send(request)
    XCTAssertEqual(response.status, 200)
    XCTAssertTrue(response.bodyTruncated)
    let original = try Data(contentsOf: URL(fileURLWithPath: Self.library.path(file)))
    XCTAssertEqual(response.body, original.prefix(10_000))
  }

  func testSlowServerTimesOutAtTheRequestsDeadline() async throws {
    try await fault(#"{"path_prefix": "/api/v1/server", "delay_ms": 5000}"#)
    let started = ContinuousClock.now
    await expectFailure(.timedOut, HTTPRequest(method: "GET", url: api("/server"), timeout: .milliseconds(400)))
    let elapsed = ContinuousClock.now - started
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(400))
    XCTAssertLessThan(elapsed, .seconds(3))
  }

  /// A server that answers at once but drips its body a byte a second never
  /// holds a call past its deadline: the limit is the whole exchange, not
  /// each read (API calls get 15 s, `HTTPRequest`'s default).
  func testADrippingServerTimesOutAtTheRequestsDeadline() async throws {
    XCTAssertEqual(HTTPRequest(method: "GET", url: api("/server")).timeout, .seconds(15), "the API's answer limit")
    try await fault(#"{"path_prefix": "/api/v1/server", "bytes_per_second": 1}"#)
    let started = ContinuousClock.now
    await expectFailure(.timedOut, HTTPRequest(method: "GET", url: api("/server"), timeout: .seconds(2)))
    let elapsed = ContinuousClock.now - started
    XCTAssertGreaterThanOrEqual(elapsed, .seconds(2))
    XCTAssertLessThan(elapsed, .seconds(5))
  }

  func testCancelIsNotATimeout() async throws {
    try await fault(#"{"path_prefix": "/api/v1/server", "delay_ms": 5000}"#)
    let request = HTTPRequest(method: "GET", url: api("/server"), timeout: .seconds(15))
    let task = Task { [transport] () async -> TransportError? in
      do throws(TransportError) {
        _ = try await transport.send(request)
        return nil
      } catch {
        return error
      }
    }
    try await Task.sleep(for: .milliseconds(200))
    let started = ContinuousClock.now
    task.cancel()
    let outcome: TransportError? = await task.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
  }

  func testRefusedConnectionIsUnreachable() async {
    do {
      _ = try await transport.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/api/v1/server")!))
      XCTFail("port 9 answered")
    } catch {
      guard case .unreachable = error else { return XCTFail("expected unreachable, got \(error)") }
    }
  }

  func testStreamDroppedMidBodyIsUnreachable() async throws {
    let book = try XCTUnwrap(Self.library.book("long"))
    let query = "?path=" + book.files[0].path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    try await fault(#"{"path_prefix": "/api/v1/libraries/1/stream", "drop_after_bytes": 65536}"#)
    let token = try await signIn()
    do {
      _ = try await transport.send(HTTPRequest(
        method: "GET", url: api("/libraries/1/stream", query: query), headers: ["Authorization": "Bearer \(token)"]))
      XCTFail("a body cut off mid-way must not look complete")
    } catch {
      guard case .unreachable = error else { return XCTFail("expected unreachable, got \(error)") }
    }
  }

  func testUnreachableServerIsUnreachable() async throws {
    _ = try await transport.send(Self.server.controlRequest("POST", "unreachable", json: #"{"on": true}"#))
    defer { Task { [transport] in _ = try? await transport.send(Self.server.controlRequest("POST", "unreachable", json: #"{"on": false}"#)) } }
    do {
      _ = try await transport.send(HTTPRequest(method: "GET", url: api("/server")))
      XCTFail("an unreachable server answered")
    } catch {
      guard case .unreachable = error else { return XCTFail("expected unreachable, got \(error)") }
    }
    _ = try await transport.send(Self.server.controlRequest("POST", "unreachable", json: #"{"on": false}"#))
    let back = try await transport.send(HTTPRequest(method: "GET", url: api("/server")))
    XCTAssertEqual(back.status, 200)
  }

  func testHugeErrorBodyStaysWithinTheLimit() async throws {
    try await fault(#"{"path_prefix": "/api/v1/libraries", "malformed": "huge-error"}"#)
    var request = HTTPRequest(method: "GET", url: api("/libraries"))
    request.maxResponseBytes = 64 << 10
    let response = try await transport.send(request)
    XCTAssertGreaterThanOrEqual(response.status, 400)
    XCTAssertTrue(response.bodyTruncated)
    XCTAssertEqual(response.body.count, 64 << 10)
  }

  func testUnlimitedBodyForMediaIsReadWhole() async throws {
    let book = try XCTUnwrap(Self.library.book("mp3-multi"))
    let file = book.files[0].path
    let query = "?path=" + file.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let token = try await signIn()
    var request = HTTPRequest(
      method: "GET", url: api("/libraries/1/stream", query: query), headers: ["Authorization": "Bearer \(token)"])
    request.maxResponseBytes = .max  // what the client asks for on stream requests
    let response = try await transport.send(request)
    let original = try Data(contentsOf: URL(fileURLWithPath: Self.library.path(file)))
    XCTAssertEqual(response.body, original)
    XCTAssertFalse(response.bodyTruncated)
  }

  func testErrorBodiesAreCappedEvenWhenSuccessesMayBeLarge() async throws {
    try await fault(#"{"path_prefix": "/api/v1/libraries", "malformed": "huge-error"}"#)
    let response = try await transport.send(HTTPRequest(method: "GET", url: api("/libraries")))
    XCTAssertGreaterThanOrEqual(response.status, 400)
    XCTAssertTrue(response.bodyTruncated)
    XCTAssertEqual(response.body.count, 64 << 10)
  }

  func testManyConcurrentRequestsAllComplete() async throws {
    let url = api("/server")
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<24 {
        group.addTask { [transport] in
          try await transport.send(HTTPRequest(method: "GET", url: url)).status
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    XCTAssertEqual(results.count, 24)
    XCTAssertTrue(results.allSatisfy { $0 == 200 || $0 == 429 }, "\(results)")
  }

  func testTransportsShutDownCleanly() async throws {
    for _ in 0..<5 {
      let shortLived = SoupTransport(userAgent: "Hark-tests")
      let response = try await shortLived.send(HTTPRequest(method: "GET", url: api("/healthz")))
      XCTAssertEqual(response.status, 200)
    }
  }

  private func signIn() async throws -> String {
    let body = #"{"username":"listener","password":"correct horse","device_name":"Hark tests"}"#
    let response = try await transport.send(HTTPRequest(
      method: "POST", url: api("/auth/login"), headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
    let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return try XCTUnwrap(object?["token"] as? String)
  }
}
