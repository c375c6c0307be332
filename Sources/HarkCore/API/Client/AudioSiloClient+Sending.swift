import Foundation

// One request's life: build it, wait for the pacer, send it, back off on 429,
// map the failure, decode the success.

extension AudioSiloClient {
  /// Sends one API request and returns the 2xx response, or throws.
  ///
  /// `signInRoute` is for the routes that take credentials instead of a
  /// session (redeem, exchange, login, demo): their 401 means "wrong code or
  /// password", not "your session ended", so it does not call `onAuthFailure`.
  func perform(
    _ method: String, _ path: String, _ query: KeyValuePairs<String, (any QueryValue)?> = [:],
    body: Data? = nil, signInRoute: Bool = false
  ) async throws(APIError) -> HTTPResponse {
    var headers = authHeaders
    headers["Accept"] = "application/json"
    if body != nil { headers["Content-Type"] = "application/json" }
    let request = HTTPRequest(
      method: method, url: apiURL(path, query), headers: headers, body: body,
      timeout: Self.requestTimeout)
    let authenticated = token != nil && !signInRoute
    if authenticated { try await confirmIdentity() }
    let response = try await exchange(request)
    if authenticated { try await confirmIdentity(after: response) }
    return try checked(response, reportsAuthFailure: !signInRoute)
  }

  /// Waits for the identity check of this connection (see
  /// `ServerIdentityCheck`); throws `.differentServer` when another server
  /// answers at the address. Call before handing out a request that carries
  /// the token (a stream).
  public func confirmIdentity() async throws(APIError) {
    guard let identity else { return }
    do throws(APIError) {
      try await identity.confirm { () throws(APIError) -> ServerInfo in try await publicServerInfo() }
    } catch {
      if case .differentServer(let name) = error { onDifferentServer?(name) }
      throw error
    }
  }

  /// A 401 is believed only from the server that issued the token: the
  /// address may have changed hands since the last check.
  func confirmIdentity(after response: HTTPResponse) async throws(APIError) {
    guard response.status == 401, !response.fromAnotherOrigin, let identity else { return }
    await identity.forget()
    try await confirmIdentity()
  }

  /// Passes a 2xx through; anything else becomes `.server`, after telling
  /// `onAuthFailure` about a 401.
  func checked(
    _ response: HTTPResponse, reportsAuthFailure: Bool = true, plainTextBody: Bool = false
  ) throws(APIError) -> HTTPResponse {
    guard !(200..<300).contains(response.status) else { return response }
    // Another origin's 401 (a cover moved elsewhere, asked without the
    // token) says nothing about the listener's session here.
    if response.status == 401, reportsAuthFailure, !response.fromAnotherOrigin { onAuthFailure?() }
    throw APIError(response: response, plainTextBody: plainTextBody)
  }

  /// Paces and sends, retrying a 429 up to `maxRateLimitRetries` times: after
  /// `Retry-After` seconds when the server says, else 1 s, 2 s, 4 s. A bounded
  /// backoff, so a busy server never sees a retry storm.
  func exchange(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
    var retries = 0
    while true {
      if Task.isCancelled { throw .cancelled }
      if let pacer {
        do { try await pacer.acquire() } catch { throw .cancelled }
      }
      let response: HTTPResponse
      do throws(TransportError) {
        response = try await transport.send(request)
      } catch {
        throw APIError(error)
      }
      guard response.status == 429, retries < Self.maxRateLimitRetries,
        let delay = Self.retryDelay(response, retry: retries)
      else { return response }
      retries += 1
      do { try await sleep(delay) } catch { throw .cancelled }
    }
  }

  /// `Retry-After` in seconds when present (an HTTP-date is not trusted: the
  /// clocks may disagree), else exponential. Nil means do not wait: give up.
  static func retryDelay(_ response: HTTPResponse, retry: Int) -> Duration? {
    if let header = response.headers["retry-after"],
      let seconds = Double(header.trimmingCharacters(in: .whitespaces)), seconds.isFinite,
      seconds >= 0
    {
      // Compared before converting: the milliseconds of a huge value
      // (1e300) would overflow Int64 and trap.
      guard seconds <= Double(longestRetryAfter.components.seconds) else { return nil }
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
    return .seconds(1 << retry)
  }

  // MARK: JSON in and out

  /// The JSON body for a request. The bodies are fixed structs, so the only
  /// failure is a non-finite number, which Hark must not send as a position.
  func json(_ body: some Encodable) throws(APIError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(body)
    } catch {
      throw .invalidResponse("the request body could not be encoded: \(error)")
    }
  }

  /// Decodes a whole 2xx body.
  func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws(APIError) -> T {
    try Self.decode(type, from: response, userInfo: [:])
  }

  /// Decodes one field of a top-level object, e.g. `libraries` of
  /// `{"libraries": [...]}`; nil when the field is missing or null.
  func field<T: Decodable>(_ name: String, as type: T.Type, from response: HTTPResponse)
    throws(APIError) -> T?
  {
    try Self.decode(
      EnvelopeField<T>.self, from: response, userInfo: [EnvelopeField<T>.fieldKey: name]
    ).value
  }

  /// A list field, where missing and null both mean empty.
  func list<T: Decodable>(_ name: String, of type: T.Type, from response: HTTPResponse)
    throws(APIError) -> [T]
  {
    try field(name, as: [T].self, from: response) ?? []
  }

  private static func decode<T: Decodable>(
    _ type: T.Type, from response: HTTPResponse, userInfo: [CodingUserInfoKey: any Sendable]
  ) throws(APIError) -> T {
    if response.bodyTruncated {
      throw .invalidResponse("the answer was cut off after \(response.body.count) bytes")
    }
    if response.body.isEmpty { throw .invalidResponse("the answer was empty") }
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    do {
      return try decoder.decode(type, from: response.body)
    } catch let error as DecodingError {
      throw .invalidResponse(describe(error))
    } catch {
      throw .invalidResponse("\(error)")
    }
  }

  /// "books[2].duration: expected Double" rather than DecodingError's dump.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let text = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? "." + key.stringValue
      }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "(top level)" : text)
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context)): expected \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context)): expected \(type), found null"
    case .keyNotFound(let key, let context):
      let parent = path(context)
      return "\(parent == "(top level)" ? "" : parent + ".")\(key.stringValue): missing"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not JSON" : "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
