import Foundation
import HarkCore
import HarkTestSupport
import Networking
import Synchronization
import XCTest

/// The test server of one `Client*Tests` class, with what those tests share:
/// clients over the live `SoupTransport`, signing in, the control port (faults,
/// invites, rate limits) and the server's request log.
final class ClientHarness: Sendable {
  static let listener = (username: "listener", password: "correct horse")
  static let invite = "9M4K-P2TQ-WX7V-3RHD"
  /// A book with four mp3 files and a cover.jpg.
  static let multiFileBook = "Marguerite Holloway/The Lighthouse Keeper"
  /// A single-file m4b book with embedded chapters.
  static let m4bBook = "Theodore Quill/A Clockwork Orchard"
  /// A book the canned metadata matches ("The Salt Road").
  static let matchedBook = "Rosalind Achterberg/The Tidewater Chronicles/Book 1"

  let server: TestServer
  let library: SampleLibrary
  let transport: SoupTransport

  /// Starts a server on the sample library. The generous default rate limit
  /// keeps tests that are not about 429s free of them.
  init(arguments: [String] = ["--rate", "1000", "--burst", "1000"]) throws {
    library = try SampleLibrary.load()
    server = try TestServer.start(library: library, arguments: arguments)
    transport = SoupTransport(userAgent: "Hark-client-tests")
  }

  func stop() { server.stop() }

  var baseURL: URL { server.baseURL }

  /// A client of this server (`transport` replaces the live one, e.g. to
  /// record or to shorten timeouts).
  func client(
    token: String? = nil, transport: (any HTTPTransport)? = nil, pacer: RequestPacer? = nil,
    sleep: (@Sendable (Duration) async throws -> Void)? = nil,
    onAuthFailure: (@Sendable () -> Void)? = nil
  ) -> AudioSiloClient {
    AudioSiloClient(
      baseURL: server.baseURL, token: token, transport: transport ?? self.transport, pacer: pacer,
      sleep: sleep ?? { try await Task.sleep(for: $0) }, onAuthFailure: onAuthFailure)
  }

  /// A session token for `username`, signed in with a password.
  func token(_ username: String = listener.username, password: String = listener.password)
    async throws -> String
  {
    try await client().login(username: username, password: password, deviceName: "Hark tests")
      .token
  }

  /// A signed-in client for the listener.
  func signedIn(
    transport: (any HTTPTransport)? = nil, onAuthFailure: (@Sendable () -> Void)? = nil
  ) async throws -> AudioSiloClient {
    client(token: try await token(), transport: transport, onAuthFailure: onAuthFailure)
  }

  // MARK: Control port

  /// Sends a control request and returns its answer, failing on non-2xx.
  @discardableResult
  func control(
    _ method: String, _ path: String, json: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) async throws -> Data {
    let response = try await transport.send(server.controlRequest(method, path, json: json))
    XCTAssertEqual(
      response.status / 100, 2,
      "control \(method) \(path): \(String(decoding: response.body, as: UTF8.self))",
      file: file, line: line)
    return response.body
  }

  /// Adds a fault rule (see Tests/Server/README.md).
  func fault(_ json: String, file: StaticString = #filePath, line: UInt = #line) async throws {
    try await control("POST", "faults", json: json, file: file, line: line)
  }

  /// Clears faults and the unreachable switch.
  func clearFaults() async throws {
    try await control("DELETE", "faults")
  }

  /// Sets the server's rate limit and forgets every bucket and failed login.
  func rateLimit(rate: Double, burst: Double) async throws {
    try await control("POST", "rate-limit", json: #"{"rate": \#(rate), "burst": \#(burst)}"#)
  }

  /// Upserts an invite code.
  func setInvite(_ code: String, uses: Int = 3, expiresAt: String? = nil) async throws {
    let expiry = expiresAt.map { #", "expires_at": "\#($0)""# } ?? ""
    try await control("POST", "invites", json: #"{"code": "\#(code)", "uses": \#(uses)\#(expiry)}"#)
  }

  /// The highest request-log sequence number so far.
  func lastSeq() async throws -> Int {
    try await requests().last?.seq ?? 0
  }

  /// What the main port saw after `since`, oldest first.
  func requests(since: Int = 0) async throws -> [LoggedRequest] {
    let url = try XCTUnwrap(
      URL(string: server.controlURL.absoluteString + "/requests?since=\(since)"))
    let response = try await transport.send(HTTPRequest(method: "GET", url: url))
    XCTAssertEqual(response.status, 200)
    struct Log: Decodable { let requests: [LoggedRequest] }
    return try JSONDecoder().decode(Log.self, from: response.body).requests
  }
}

/// One request-log entry of the test server.
struct LoggedRequest: Decodable, Sendable {
  let seq: Int
  let method: String
  let path: String
  /// The raw query string, exactly as sent.
  let query: String
  /// The decoded query parameters.
  let params: [String: String]
  /// Header names as sent; `Authorization` is "present" or "absent".
  let headers: [String: String]
  let status: Int?
  let faultID: Int?

  enum CodingKeys: String, CodingKey {
    case seq, method, path, query, params, headers, status
    case faultID = "fault_id"
  }

  var authorization: String? { headers["Authorization"] }
}

/// Counts calls, e.g. of `onAuthFailure`.
final class CallCounter: Sendable {
  private let calls = Mutex(0)
  var count: Int { calls.withLock { $0 } }
  func increment() { calls.withLock { $0 += 1 } }
  var callback: @Sendable () -> Void { { [self] in increment() } }
}

/// A 429 back-off sleep that records each wait, and really waits unless told not to.
final class SleepRecorder: Sendable {
  private let waits = Mutex<[Duration]>([])
  private let really: Bool

  init(reallySleep: Bool) { really = reallySleep }

  var delays: [Duration] { waits.withLock { $0 } }

  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] delay in
      waits.withLock { $0.append(delay) }
      if really { try await Task.sleep(for: delay) }
    }
  }
}

/// Wraps the live transport: optionally replaces every request's timeout and
/// records what the client asked for and how much body came back.
final class InspectingTransport: HTTPTransport, Sendable {
  struct Seen: Sendable {
    let request: HTTPRequest
    let bodyBytes: Int?
  }

  private let inner: any HTTPTransport
  private let timeout: Duration?
  private let seen = Mutex<[Seen]>([])

  init(_ inner: any HTTPTransport, timeout: Duration? = nil) {
    self.inner = inner
    self.timeout = timeout
  }

  var exchanges: [Seen] { seen.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    var sent = request
    if let timeout { sent.timeout = timeout }
    do {
      let response = try await inner.send(sent)
      seen.withLock { $0.append(Seen(request: request, bodyBytes: response.body.count)) }
      return response
    } catch {
      seen.withLock { $0.append(Seen(request: request, bodyBytes: nil)) }
      throw error
    }
  }
}

/// The `APIError` a call ends in, or nil when it succeeds. (The closure is
/// untyped only because closures do not infer typed throws; the client's
/// methods throw nothing but `APIError`.)
func apiError<T>(
  _ call: () async throws -> T, file: StaticString = #filePath, line: UInt = #line
) async -> APIError? {
  do {
    _ = try await call()
    return nil
  } catch let error as APIError {
    return error
  } catch {
    XCTFail("not an APIError: \(error)", file: file, line: line)
    return .invalidResponse("not an APIError: \(error)")
  }
}
