import Foundation

/// One HTTP request as the AudioSilo client builds it.
public struct HTTPRequest: Sendable, Equatable {
  public var method: String
  public var url: URL
  /// Header names as sent; the transport adds nothing but Host, Content-Length
  /// and its User-Agent.
  public var headers: [String: String]
  public var body: Data?
  /// The transport fails with `.timedOut` when the whole exchange (connect,
  /// send, read the body) takes longer: distinct from a deliberate cancel.
  public var timeout: Duration
  /// Bodies longer than this are cut there and flagged `bodyTruncated`, so a
  /// hostile 10 MB error page never lands in memory whole.
  public var maxResponseBytes: Int
  /// Whether a 3xx is followed. Never for API calls (an AudioSilo API does
  /// not redirect, and a redirect's answer must not pass for the server's:
  /// another origin's 401 would sign the listener out); media may move to
  /// another host. Followed or not, credentials never cross origins.
  public var followsRedirects: Bool

  public init(
    method: String, url: URL, headers: [String: String] = [:], body: Data? = nil,
    timeout: Duration = .seconds(15), maxResponseBytes: Int = 16 << 20, followsRedirects: Bool = false
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
    self.followsRedirects = followsRedirects
  }
}

/// What came back: any status, including 4xx and 5xx (those are answers, not
/// transport failures).
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  /// The status line's reason phrase ("Not Found"); may be empty.
  public var reason: String
  /// Header names lower-cased.
  public var headers: [String: String]
  public var body: Data
  public var bodyTruncated: Bool
  /// The answer came from another origin than the request's, after a
  /// redirect was followed: it speaks for that origin, not the server.
  public var fromAnotherOrigin: Bool

  public init(
    status: Int, reason: String = "", headers: [String: String] = [:], body: Data = Data(),
    bodyTruncated: Bool = false, fromAnotherOrigin: Bool = false
  ) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
    self.bodyTruncated = bodyTruncated
    self.fromAnotherOrigin = fromAnotherOrigin
  }
}

/// Why no HTTP answer arrived.
public enum TransportError: Error, Equatable, Sendable {
  /// The request's `timeout` passed.
  case timedOut
  /// The calling task was cancelled.
  case cancelled
  /// DNS failure, refused or reset connection, a body cut off mid-way.
  case unreachable(String)
  /// TLS verification failed (self-signed, expired, wrong host...).
  case certificateRejected(String)
  /// The request could not be sent at all (e.g. an unsupported URL).
  case invalidRequest(String)
}

/// Sends requests; `Networking.SoupTransport` is the live one, tests use fakes.
/// Implementations honour task cancellation by throwing `.cancelled`.
public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
