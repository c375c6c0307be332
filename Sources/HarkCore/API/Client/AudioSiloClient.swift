import Foundation

/// The AudioSilo API, one method per listening-side route, over any
/// `HTTPTransport`.
///
/// Every request carries the token as `Authorization: Bearer`, never as
/// `?token=`: a token in a URL ends up in proxy logs, GStreamer debug output
/// and crash reports. Media URLs are built the same way and come with the
/// header to send alongside. A 401 tells `onAuthFailure` (the app turns it into
/// a "connect again" prompt) and still throws. A 429 is retried a few times
/// after a pause; nothing else is retried here: deciding to try again is the
/// caller's business (progress sync has its own queue).
///
/// A value type holding only immutable configuration, so copies can be handed
/// to as many tasks as needed; the shared `RequestPacer` is what keeps their
/// combined rate under the server's limit.
public struct AudioSiloClient: Sendable {
  /// Every API request's timeout: the whole exchange, body included.
  public static let requestTimeout: Duration = .seconds(15)
  /// How often a 429 is retried before the error is thrown.
  public static let maxRateLimitRetries = 3
  /// A `Retry-After` longer than this is not waited out: the 429 is thrown so
  /// the UI is not frozen behind a minutes-long pause.
  public static let longestRetryAfter: Duration = .seconds(60)

  /// The server's base, without trailing slashes.
  public let baseURL: URL
  /// The session token or API key; nil before signing in.
  public let token: String?
  let transport: any HTTPTransport
  let pacer: RequestPacer?
  let sleep: @Sendable (Duration) async throws -> Void
  let onAuthFailure: (@Sendable () -> Void)?
  /// Checks who answers before the token is sent; nil: never checked (a
  /// client that is not signed in, or tests of single routes).
  let identity: ServerIdentityCheck?
  /// Told the name of the server answering instead, once per discovery.
  let onDifferentServer: (@Sendable (String) -> Void)?

  /// - Parameters:
  ///   - baseURL: a normalised server address (see `ServerAddress.normalize`).
  ///   - pacer: shared by every client of one server, so all their requests
  ///     together stay under its rate limit.
  ///   - sleep: the wait between 429 retries; tests pass a recording one.
  ///   - onAuthFailure: called once for each call that ends in a 401 from
  ///     the server that issued the token.
  ///   - identity: the `server_id` check every authenticated request waits
  ///     for (shared by all clients of one server).
  ///   - onDifferentServer: called when the check finds another server.
  public init(
    baseURL: URL, token: String?, transport: any HTTPTransport, pacer: RequestPacer? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    onAuthFailure: (@Sendable () -> Void)? = nil, identity: ServerIdentityCheck? = nil,
    onDifferentServer: (@Sendable (String) -> Void)? = nil
  ) {
    self.baseURL = URL(string: APIAddress.trimmedBase(baseURL)) ?? baseURL
    self.token = token.flatMap { $0.isEmpty ? nil : $0 }
    self.transport = transport
    self.pacer = pacer
    self.sleep = sleep
    self.onAuthFailure = onAuthFailure
    self.identity = identity
    self.onDifferentServer = onDifferentServer
  }

  /// The same client signed in with `token` (after login or exchange).
  public func withToken(_ token: String?) -> AudioSiloClient {
    AudioSiloClient(
      baseURL: baseURL, token: token, transport: transport, pacer: pacer, sleep: sleep,
      onAuthFailure: onAuthFailure, identity: identity, onDifferentServer: onDifferentServer)
  }

  /// `{base}/api/v1{path}{?query}`, the query form-encoded in the given order
  /// with nil values left out.
  public func apiURL(_ path: String, _ query: KeyValuePairs<String, (any QueryValue)?> = [:]) -> URL
  {
    APIAddress.apiURL(base: baseURL, path, query)
  }

  /// `Authorization: Bearer <token>`, or nothing before sign-in.
  public var authHeaders: [String: String] {
    token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
  }
}
