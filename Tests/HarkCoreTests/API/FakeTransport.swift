import Foundation
import XCTest

@testable import HarkCore

/// Records every request and answers from a script (first in, first out),
/// then with `fallback` once the script runs dry.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [HTTPRequest] = []
  private var script: [Result<HTTPResponse, TransportError>] = []
  private var fallbackAnswer: Result<HTTPResponse, TransportError>

  init(fallback: Result<HTTPResponse, TransportError> = .success(.json("{}"))) {
    fallbackAnswer = fallback
  }

  /// Every request sent so far, in order.
  var requests: [HTTPRequest] { lock.withLock { sent } }

  /// The only request sent; fails the test when there were none or several.
  func onlyRequest(file: StaticString = #filePath, line: UInt = #line) -> HTTPRequest? {
    let all = requests
    XCTAssertEqual(all.count, 1, "requests sent", file: file, line: line)
    return all.first
  }

  func answer(_ responses: HTTPResponse...) {
    lock.withLock { script += responses.map { .success($0) } }
  }

  func fail(_ error: TransportError) {
    lock.withLock { script.append(.failure(error)) }
  }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let next: Result<HTTPResponse, TransportError> = lock.withLock {
      sent.append(request)
      return script.isEmpty ? fallbackAnswer : script.removeFirst()
    }
    return try next.get()
  }
}

/// A sleep that records how long it was asked to wait and returns at once.
final class SleepRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var waits: [Duration] = []

  var durations: [Duration] { lock.withLock { waits } }
  var total: Duration { durations.reduce(.zero, +) }

  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] duration in lock.withLock { waits.append(duration) } }
  }
}

/// Counts calls to `onAuthFailure`.
final class CallCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var calls = 0

  var count: Int { lock.withLock { calls } }
  func increment() { lock.withLock { calls += 1 } }
}

extension HTTPResponse {
  static func json(_ text: String, status: Int = 200, reason: String = "OK") -> HTTPResponse {
    HTTPResponse(
      status: status, reason: reason, headers: ["content-type": "application/json"],
      body: Data(text.utf8))
  }

  static func empty(_ status: Int = 204, reason: String = "No Content") -> HTTPResponse {
    HTTPResponse(status: status, reason: reason)
  }

  static func text(_ text: String, status: Int, reason: String = "") -> HTTPResponse {
    HTTPResponse(
      status: status, reason: reason, headers: ["content-type": "text/plain"], body: Data(text.utf8)
    )
  }
}

let testBase = URL(string: "https://books.example.com")!

/// A client on `testBase` with token "secret" over a fresh fake transport.
func makeClient(
  token: String? = "secret", sleep: SleepRecorder = SleepRecorder(), pacer: RequestPacer? = nil,
  authFailures: CallCounter? = nil
) -> (AudioSiloClient, FakeTransport) {
  let transport = FakeTransport()
  var onAuthFailure: (@Sendable () -> Void)?
  if let authFailures { onAuthFailure = { authFailures.increment() } }
  let client = AudioSiloClient(
    baseURL: testBase, token: token, transport: transport, pacer: pacer, sleep: sleep.sleep,
    onAuthFailure: onAuthFailure)
  return (client, transport)
}

/// The JSON object a request sent, or nil when it had no body.
func sentBody(_ request: HTTPRequest?) throws -> NSDictionary? {
  guard let body = request?.body else { return nil }
  return try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? NSDictionary)
}

/// The keys of the JSON object a request sent.
func sentKeys(_ request: HTTPRequest?) throws -> Set<String> {
  Set((try sentBody(request)?.allKeys as? [String]) ?? [])
}

/// Runs `body` and returns the APIError it threw; fails when it returned.
func apiError<T>(
  file: StaticString = #filePath, line: UInt = #line,
  _ body: () async throws(APIError) -> T
) async -> APIError? {
  do {
    let value = try await body()
    XCTFail("expected an APIError, got \(value)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}
