import Foundation
import HarkCore
import XCTest

/// Failures as the client reports them: every documented status as a typed
/// `.server` error with the server's own message, 401s reported to
/// `onAuthFailure` once per call, hostile answers, timeouts, cancels and an
/// unreachable server.
final class ClientErrorTests: ClientTestCase {

  func testEveryDocumentedStatusBecomesATypedError() async throws {
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    let anonymous = h.client(onAuthFailure: failures.callback)

    let badRequest = await apiError { try await client.browse(libraryID: 1, offset: -1) }
    XCTAssertEqual(badRequest, .server(status: 400, message: "invalid offset"))
    let unauthorized = await apiError { try await anonymous.libraries() }
    XCTAssertEqual(unauthorized, .server(status: 401, message: "missing token"))
    XCTAssertEqual(failures.count, 1)
    let notFound = await apiError { try await client.browse(libraryID: 7) }
    XCTAssertEqual(notFound, .server(status: 404, message: "library not found"))

    // The rest are scripted, each with its own message.
    let scripted: [(Int, String)] = [
      (403, "no share for that path"), (409, "already exists"), (500, "database is locked"),
      (503, "request timed out"),
    ]
    for (status, message) in scripted {
      try await h.fault(
        #"{"path_prefix": "/api/v1/libraries", "status": \#(status), "body": {"error": "\#(message)"}, "count": 1}"#
      )
      let error = await apiError { try await client.libraries() }
      XCTAssertEqual(error, .server(status: status, message: message))
      XCTAssertEqual(error?.serverAnswered, true)
      XCTAssertEqual(error?.isAuthFailure, false)
    }
    // A Retry-After longer than the client waits out: thrown at once.
    let since = try await h.lastSeq()
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 429, "body": {"error": "rate limit exceeded"}, "headers": {"Retry-After": "3600"}, "count": 1}"#
    )
    let limited = await apiError { try await client.libraries() }
    XCTAssertEqual(limited, .server(status: 429, message: "rate limit exceeded"))
    let tries = try await h.requests(since: since).count
    XCTAssertEqual(tries, 1)
    // No {"error"}: the reason phrase (here, a proxy's HTML error page).
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 502, "body": "<html><body>Bad Gateway</body></html>", "content_type": "text/html", "count": 1}"#
    )
    let proxy = await apiError { try await client.libraries() }
    XCTAssertEqual(proxy, .server(status: 502, message: "Bad Gateway"))
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 500, "body": {"detail": "no error field"}, "count": 1}"#
    )
    let noMessage = await apiError { try await client.libraries() }
    XCTAssertEqual(noMessage, .server(status: 500, message: "Internal Server Error"))

    XCTAssertEqual(failures.count, 1, "only the 401 reports an auth failure")
  }

  func testRevokedTokenReportsAuthFailureOncePerCall() async throws {
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    _ = try await client.me()
    try await h.control("POST", "revoke-all-tokens", json: "{}")

    let revoked = await apiError { try await client.me() }
    XCTAssertEqual(revoked, .server(status: 401, message: "invalid or revoked token"))
    XCTAssertEqual(revoked?.isAuthFailure, true)
    XCTAssertEqual(failures.count, 1)
    _ = await apiError { try await client.libraries() }
    XCTAssertEqual(failures.count, 2)
    // Paging reports once and stops, rather than once per page.
    var pages = client.bookPages(libraryID: 1, pageSize: 1).makeAsyncIterator()
    let paging = await apiError { try await pages.next() }
    XCTAssertEqual(paging?.isAuthFailure, true)
    let afterEnd = await apiError { try await pages.next() }
    XCTAssertNil(afterEnd)
    XCTAssertEqual(failures.count, 3)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { _ = await apiError { try await client.favourites() } }
      }
    }
    XCTAssertEqual(failures.count, 7)
  }

  func testMalformedAnswersAreInvalidResponses() async throws {
    let client = try await h.signedIn()
    let cases: [(String, String)] = [
      ("/api/v1/libraries", "truncated-json"), ("/api/v1/me", "wrong-types"),
      ("/api/v1/libraries/1/books", "wrong-types"), ("/api/v1/server", "not-json"),
      ("/api/v1/libraries/1/progress", "truncated-json"),
    ]
    for (path, kind) in cases {
      try await h.fault(#"{"path_prefix": "\#(path)", "malformed": "\#(kind)", "count": 1}"#)
      let error: APIError?
      switch path {
      case "/api/v1/libraries": error = await apiError { try await client.libraries() }
      case "/api/v1/me": error = await apiError { try await client.me() }
      case "/api/v1/libraries/1/books":
        error = await apiError { try await client.books(libraryID: 1) }
      case "/api/v1/server": error = await apiError { try await client.serverInfo() }
      default:
        error = await apiError {
          try await client.progress(libraryID: 1, path: ClientHarness.m4bBook)
        }
      }
      guard case .invalidResponse? = error else {
        XCTFail("\(kind) on \(path): expected invalidResponse, got \(String(describing: error))")
        continue
      }
      XCTAssertEqual(error?.serverAnswered, true)
    }
    // A spoiled error body still maps to the status, with the reason phrase.
    try await h.fault(
      #"{"path_prefix": "/api/v1/me", "malformed": "truncated-json", "status": 503, "count": 1}"#)
    let spoiled = await apiError { try await client.me() }
    XCTAssertEqual(spoiled, .server(status: 503, message: "Service Unavailable"))
  }

  /// A 10 MiB `{"error": "xxxx…"}` is a 500 like any other; the client must
  /// not read it whole, nor carry it around as the error's message.
  func testHugeErrorIsMappedWithoutHoldingIt() async throws {
    let inspecting = InspectingTransport(h.transport)
    let client = h.client(token: try await h.token(), transport: inspecting)
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "malformed": "huge-error", "count": 1}"#)
    let error = await apiError { try await client.libraries() }
    guard case .server(let status, let message)? = error else {
      return XCTFail("expected a server error, got \(String(describing: error))")
    }
    XCTAssertEqual(status, 500)
    XCTAssertLessThanOrEqual(
      message.utf8.count, 1024, "the error message holds \(message.utf8.count) bytes")
    let received = inspecting.exchanges.last?.bodyBytes ?? 0
    XCTAssertLessThanOrEqual(
      received, 4 << 20, "the client read \(received) bytes of a 10 MiB error body")
  }

  func testTimeoutIsNotACancel() async throws {
    let inspecting = InspectingTransport(h.transport, timeout: .milliseconds(300))
    let client = h.client(token: try await h.token(), transport: inspecting)
    try await h.fault(#"{"path_prefix": "/api/v1/me", "delay_ms": 3000, "count": 1}"#)
    let started = ContinuousClock.now
    let error = await apiError { try await client.me() }
    let elapsed = ContinuousClock.now - started
    XCTAssertEqual(error, .timedOut)
    XCTAssertEqual(error?.serverAnswered, false)
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(300))
    XCTAssertLessThan(elapsed, .milliseconds(2500))
    // What the client itself asked for: its documented timeout, on every request.
    XCTAssertTrue(
      inspecting.exchanges.allSatisfy { $0.request.timeout == AudioSiloClient.requestTimeout })
  }

  func testCancelIsNotATimeout() async throws {
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    try await h.fault(#"{"path_prefix": "/api/v1/me", "delay_ms": 3000, "count": 1}"#)
    let call = Task { await apiError { try await client.me() } }
    try await Task.sleep(for: .milliseconds(200))
    let started = ContinuousClock.now
    call.cancel()
    let error = await call.value
    XCTAssertEqual(error, .cancelled)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(1))

    // Also while waiting out a 429.
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 429, "headers": {"Retry-After": "30"}, "count": 1}"#
    )
    let waiting = Task { await apiError { try await client.libraries() } }
    try await Task.sleep(for: .milliseconds(300))
    let cancelAt = ContinuousClock.now
    waiting.cancel()
    let waited = await waiting.value
    XCTAssertEqual(waited, .cancelled)
    XCTAssertLessThan(ContinuousClock.now - cancelAt, .seconds(1))
    XCTAssertEqual(failures.count, 0)
  }

  func testUnreachableServer() async throws {
    let failures = CallCounter()
    let client = h.client(onAuthFailure: failures.callback)
    try await h.control("POST", "unreachable", json: #"{"on": true}"#)
    let error = await apiError { try await client.serverInfo() }
    try await h.control("POST", "unreachable", json: #"{"on": false}"#)
    guard case .unreachable? = error else {
      return XCTFail("expected unreachable, got \(String(describing: error))")
    }
    XCTAssertEqual(error?.serverAnswered, false)
    _ = try await client.serverInfo()

    let refused = AudioSiloClient(
      baseURL: URL(string: "http://127.0.0.1:9")!, token: "t", transport: h.transport,
      onAuthFailure: failures.callback)
    let refusal = await apiError { try await refused.me() }
    guard case .unreachable? = refusal else {
      return XCTFail("expected unreachable, got \(String(describing: refusal))")
    }
    XCTAssertEqual(failures.count, 0)
  }
}
