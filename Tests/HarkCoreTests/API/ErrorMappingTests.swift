import XCTest

@testable import HarkCore

/// Statuses and transport failures become one `APIError`; a 401 tells
/// `onAuthFailure` exactly once.
final class ErrorMappingTests: XCTestCase {
  private func meError(_ response: HTTPResponse) async -> APIError? {
    let (client, transport) = makeClient()
    transport.answer(response)
    return await apiError { () async throws(APIError) in try await client.me() }
  }

  func testTheServersErrorFieldIsTheMessage() async {
    let error = await meError(.json(#"{"error": "forbidden"}"#, status: 403, reason: "Forbidden"))
    XCTAssertEqual(error, .server(status: 403, message: "forbidden"))
  }

  func testANonJSONErrorBodyFallsBackToTheReasonPhrase() async {
    let error = await meError(.text("<html>Bad Gateway</html>", status: 502, reason: "Bad Gateway"))
    XCTAssertEqual(error, .server(status: 502, message: "Bad Gateway"))
  }

  func testAJSONBodyWithoutErrorFallsBackToTheReasonPhrase() async {
    let error = await meError(
      .json(#"{"detail": "x"}"#, status: 500, reason: "Internal Server Error"))
    XCTAssertEqual(error, .server(status: 500, message: "Internal Server Error"))
  }

  func testAnEmptyBodyAndNoReasonIsRequestFailed() async {
    let error = await meError(.empty(500, reason: ""))
    XCTAssertEqual(error, .server(status: 500, message: "Request failed"))
    let withReason = await meError(.empty(503, reason: "Service Unavailable"))
    XCTAssertEqual(withReason, .server(status: 503, message: "Service Unavailable"))
  }

  func testATruncatedErrorBodyIsNotParsed() async {
    var response = HTTPResponse.json(#"{"error": "forbidden"}"#, status: 403, reason: "Forbidden")
    response.bodyTruncated = true
    let error = await meError(response)
    XCTAssertEqual(error, .server(status: 403, message: "Forbidden"))
  }

  func testMediaRoutesShowTheirPlainTextBodyTrimmedAndCapped() {
    let plain = APIError(
      response: .text("  file not found\n", status: 404, reason: "Not Found"), plainTextBody: true)
    XCTAssertEqual(plain, .server(status: 404, message: "file not found"))

    let long = String(repeating: "x", count: 500)
    var truncated = HTTPResponse.text(long, status: 500, reason: "Internal Server Error")
    truncated.bodyTruncated = true
    XCTAssertEqual(
      APIError(response: truncated, plainTextBody: true),
      .server(status: 500, message: String(repeating: "x", count: 200) + "…"))

    let json = APIError(response: .json(#"{"error":"no cover"}"#, status: 404), plainTextBody: true)
    XCTAssertEqual(json, .server(status: 404, message: "no cover"))
    let empty = APIError(response: .empty(404, reason: "Not Found"), plainTextBody: true)
    XCTAssertEqual(empty, .server(status: 404, message: "Not Found"))
  }

  func testCoverErrorsUsePlainTextBodies() async {
    let (client, transport) = makeClient()
    transport.answer(
      .text("transcode failed: no ffmpeg", status: 503, reason: "Service Unavailable"))
    let error = await apiError { () async throws(APIError) in
      try await client.cover(libraryID: 1, path: "b")
    }
    XCTAssertEqual(error, .server(status: 503, message: "transcode failed: no ffmpeg"))
  }

  // MARK: 401

  func testA401CallsOnAuthFailureOnceAndStillThrows() async {
    let counter = CallCounter()
    let (client, transport) = makeClient(authFailures: counter)
    transport.answer(.json(#"{"error": "invalid token"}"#, status: 401, reason: "Unauthorized"))
    let error = await apiError { () async throws(APIError) in try await client.me() }
    XCTAssertEqual(error, .server(status: 401, message: "invalid token"))
    XCTAssertEqual(error?.isAuthFailure, true)
    XCTAssertEqual(counter.count, 1)
    XCTAssertEqual(transport.requests.count, 1, "a 401 is not retried")

    transport.answer(.json(#"{"error": "invalid token"}"#, status: 401, reason: "Unauthorized"))
    _ = await apiError { () async throws(APIError) in try await client.libraries() }
    XCTAssertEqual(counter.count, 2, "once per failing call")
  }

  func testOtherFailuresNeverCallOnAuthFailure() async {
    let counter = CallCounter()
    let (client, transport) = makeClient(authFailures: counter)
    transport.answer(
      .json(#"{"error": "forbidden"}"#, status: 403, reason: "Forbidden"),
      .json(#"{"error": "boom"}"#, status: 500, reason: "Internal Server Error"))
    transport.fail(.timedOut)
    transport.fail(.unreachable("connection refused"))
    for _ in 0..<4 {
      _ = await apiError { () async throws(APIError) in try await client.me() }
    }
    XCTAssertEqual(counter.count, 0)
  }

  func testSignInRoutesDoNotEndTheSession() async {
    let counter = CallCounter()
    let (client, transport) = makeClient(authFailures: counter)
    transport.answer(
      .json(#"{"error": "invalid credentials"}"#, status: 401),
      .json(#"{"error": "invite has expired"}"#, status: 401),
      .json(#"{"error": "invalid code"}"#, status: 401),
      .json(#"{"error": "demo disabled"}"#, status: 401))
    let login = await apiError { () async throws(APIError) in
      try await client.login(username: "u", password: "p", deviceName: "d")
    }
    let exchange = await apiError { () async throws(APIError) in
      try await client.exchange(pairingToken: "t", deviceName: "d")
    }
    _ = await apiError { () async throws(APIError) in try await client.redeem(code: "c") }
    _ = await apiError { () async throws(APIError) in try await client.demoSession(deviceName: "d")
    }
    XCTAssertEqual(login?.userMessage, "invalid credentials")
    XCTAssertEqual(exchange?.userMessage, "invite has expired", "shown as the server wrote it")
    XCTAssertEqual(counter.count, 0)
  }

  // MARK: Transport failures

  func testTransportFailuresMap() async {
    let table: [(TransportError, APIError)] = [
      (.timedOut, .timedOut),
      (.cancelled, .cancelled),
      (.unreachable("refused"), .unreachable("refused")),
      (.certificateRejected("self-signed"), .certificateRejected("self-signed")),
      (.invalidRequest("bad url"), .unreachable("request not sent: bad url")),
    ]
    for (transportError, expected) in table {
      let (client, transport) = makeClient()
      transport.fail(transportError)
      let error = await apiError { () async throws(APIError) in try await client.me() }
      XCTAssertEqual(error, expected)
      XCTAssertEqual(transport.requests.count, 1, "\(transportError) is not retried")
    }
  }

  func testACancelledTaskSendsNothingAndIsCancelled() async {
    let (client, transport) = makeClient()
    let task = Task { () async -> APIError? in
      withUnsafeCurrentTask { $0?.cancel() }
      return await apiError { () async throws(APIError) in try await client.me() }
    }
    let error = await task.value
    XCTAssertEqual(error, .cancelled)
    XCTAssertEqual(transport.requests, [])
  }

  // MARK: Classification and wording

  func testServerAnsweredDrivesReachability() {
    XCTAssertTrue(APIError.server(status: 503, message: "x").serverAnswered)
    XCTAssertTrue(APIError.invalidResponse("x").serverAnswered)
    XCTAssertFalse(APIError.timedOut.serverAnswered)
    XCTAssertFalse(APIError.unreachable("x").serverAnswered)
    XCTAssertFalse(APIError.certificateRejected("x").serverAnswered)
    XCTAssertFalse(APIError.cancelled.serverAnswered)
    XCTAssertFalse(APIError.server(status: 403, message: "x").isAuthFailure)
  }

  func testUserMessagesAreSentences() {
    XCTAssertEqual(APIError.timedOut.userMessage, "The server took too long to answer.")
    XCTAssertEqual(
      APIError.certificateRejected("x").userMessage,
      "The server's security certificate is not trusted, so Hark did not connect.")
    XCTAssertEqual(
      APIError.server(status: 401, message: "invite already used on all its devices").userMessage,
      "invite already used on all its devices")
    XCTAssertEqual(
      APIError.server(status: 401, message: "Request failed").userMessage,
      "The server no longer accepts this sign-in. Connect again.")
    XCTAssertEqual(
      APIError.server(status: 429, message: "rate limit exceeded").userMessage,
      "The server is busy right now. Try again in a moment.")
    for error: APIError in [
      .server(status: 403, message: "forbidden"), .server(status: 404, message: "x"),
      .server(status: 500, message: "x"), .server(status: 409, message: "x"), .cancelled,
      .unreachable("x"), .invalidResponse("x"),
    ] {
      XCTAssertTrue(error.userMessage.hasSuffix("."), error.userMessage)
      XCTAssertFalse(error.userMessage.isEmpty)
    }
  }
}

/// A hostile answer nested 100,000 levels deep: refused as an answer Hark
/// cannot understand, without exhausting the stack.
final class DeepAnswerTests: XCTestCase {
  func testAHundredThousandLevelsDeepIsRefusedWithoutACrash() async {
    let (client, transport) = makeClient()
    let depth = 100_000
    transport.answer(.json(#"{"libraries": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"))
    let error = await apiError { () async throws(APIError) in _ = try await client.libraries() }
    guard case .invalidResponse = error else { return XCTFail("expected .invalidResponse, got \(String(describing: error))") }
  }
}
