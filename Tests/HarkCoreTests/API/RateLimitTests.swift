import XCTest

@testable import HarkCore

/// 429: a bounded backoff in virtual time, never a retry storm.
final class RateLimitTests: XCTestCase {
  private func tooMany(retryAfter: String? = nil) -> HTTPResponse {
    var response = HTTPResponse.json(
      #"{"error": "rate limit exceeded"}"#, status: 429, reason: "Too Many Requests")
    if let retryAfter { response.headers["retry-after"] = retryAfter }
    return response
  }

  func testRetryAfterIsHonouredThenTheCallSucceeds() async throws {
    let sleep = SleepRecorder()
    let (client, transport) = makeClient(sleep: sleep)
    transport.answer(tooMany(retryAfter: "2"), tooMany(retryAfter: "0.5"), .json(Fixture.user))
    let user = try await client.me()
    XCTAssertEqual(user.id, 7)
    XCTAssertEqual(sleep.durations, [.seconds(2), .milliseconds(500)])
    XCTAssertEqual(transport.requests.count, 3)
  }

  func testWithoutRetryAfterTheBackoffIsExponentialAndGivesUpAfterThreeRetries() async {
    let sleep = SleepRecorder()
    let (client, transport) = makeClient(sleep: sleep)
    transport.answer(tooMany(), tooMany(), tooMany(), tooMany(), .json(Fixture.user))
    let error = await apiError { () async throws(APIError) in try await client.me() }
    XCTAssertEqual(error, .server(status: 429, message: "rate limit exceeded"))
    XCTAssertEqual(sleep.durations, [.seconds(1), .seconds(2), .seconds(4)])
    XCTAssertEqual(sleep.total, .seconds(7))
    XCTAssertEqual(transport.requests.count, 4, "one try and three retries")
  }

  func testAnHTTPDateRetryAfterFallsBackToExponential() async throws {
    let sleep = SleepRecorder()
    let (client, transport) = makeClient(sleep: sleep)
    transport.answer(tooMany(retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT"), .json(Fixture.user))
    _ = try await client.me()
    XCTAssertEqual(sleep.durations, [.seconds(1)])
  }

  func testARetryAfterBeyondAMinuteIsNotWaitedOut() async {
    let sleep = SleepRecorder()
    let (client, transport) = makeClient(sleep: sleep)
    transport.answer(tooMany(retryAfter: "3600"))
    let error = await apiError { () async throws(APIError) in try await client.me() }
    XCTAssertEqual(error?.isAuthFailure, false)
    XCTAssertEqual(error, .server(status: 429, message: "rate limit exceeded"))
    XCTAssertEqual(sleep.durations, [])
    XCTAssertEqual(transport.requests.count, 1)
  }

  /// Issue 21: a number no clock can hold (1e300 s, whose milliseconds
  /// overflow `Int64`) trapped; it is as far beyond a minute as any other.
  func testAHugeRetryAfterIsNotWaitedOutAndDoesNotTrap() async {
    for header in ["1e300", "1e308"] {
      let sleep = SleepRecorder()
      let (client, transport) = makeClient(sleep: sleep)
      transport.answer(tooMany(retryAfter: header))
      let error = await apiError { () async throws(APIError) in try await client.me() }
      XCTAssertEqual(error, .server(status: 429, message: "rate limit exceeded"), header)
      XCTAssertEqual(sleep.durations, [], header)
    }
  }

  func testACancelDuringTheBackoffIsCancelled() async {
    let transport = FakeTransport(fallback: .success(tooMany()))
    let client = AudioSiloClient(
      baseURL: testBase, token: "secret", transport: transport,
      sleep: { _ in throw CancellationError() })
    let error = await apiError { () async throws(APIError) in try await client.me() }
    XCTAssertEqual(error, .cancelled)
    XCTAssertEqual(transport.requests.count, 1)
  }

  func testOtherErrorsAreNotRetried() async {
    let sleep = SleepRecorder()
    let (client, transport) = makeClient(sleep: sleep)
    transport.answer(.json(#"{"error": "db down"}"#, status: 503, reason: "Service Unavailable"))
    _ = await apiError { () async throws(APIError) in try await client.me() }
    XCTAssertEqual(transport.requests.count, 1)
    XCTAssertEqual(sleep.durations, [])
  }
}
