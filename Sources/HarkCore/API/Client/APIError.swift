import Foundation

/// Every way an AudioSilo call can fail, as one typed error so reducers can
/// hold it in a `Result` and compare it in tests.
public enum APIError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The server answered with a non-2xx status. `message` is its `{"error"}`
  /// text when present, else a media route's plain-text body, else the
  /// reason phrase, else "Request failed".
  case server(status: Int, message: String)
  /// No answer within the request's timeout.
  case timedOut
  /// The caller cancelled (a deliberate stop, not a failure to show).
  case cancelled
  /// DNS failure, refused or reset connection, a body cut off mid-way.
  case unreachable(String)
  /// TLS verification failed.
  case certificateRejected(String)
  /// The server answered, but not with what the route promises: malformed
  /// JSON, wrong types, a truncated body, a non-JSON 2xx.
  case invalidResponse(String)
  /// Another server (another `server_id`, called `name`) now answers at the
  /// signed-in address: nothing was sent to it with the token.
  case differentServer(name: String)

  /// The token is no longer accepted: sign in again.
  public var isAuthFailure: Bool {
    if case .server(401, _) = self { return true }
    return false
  }

  /// Whether the server was reached. Reachability marks a connection online
  /// for these (a 503 is still an answer) and offline for the rest; a cancel
  /// says nothing either way and callers leave reachability alone for it.
  public var serverAnswered: Bool {
    switch self {
    case .server, .invalidResponse, .differentServer: true
    case .timedOut, .cancelled, .unreachable, .certificateRejected: false
    }
  }

  /// One sentence for the listener. A 401 shows the server's own words, which
  /// tell "invite already used" from "invite has expired".
  public var userMessage: String {
    switch self {
    case .server(401, let message):
      return message.isEmpty || message == "Request failed"
        ? tr("The server no longer accepts this sign-in. Connect again.") : message
    case .server(403, let message):
      return trFormat("The server does not allow this (%@).", message)
    case .server(404, let message):
      return trFormat("The server could not find this (%@).", message)
    case .server(429, _):
      return tr("The server is busy right now. Try again in a moment.")
    case .server(let status, _) where (300..<400).contains(status):
      return tr(
        "The server sent Hark to another address, which an AudioSilo server never does. Check the server's address.")
    case .server(let status, let message) where status >= 500:
      return trFormat("The server ran into a problem (%@). Try again later.", message)
    case .server(_, let message):
      return trFormat("The server turned this request down (%@).", message)
    case .timedOut:
      return tr("The server took too long to answer.")
    case .cancelled:
      return tr("The request was stopped.")
    case .unreachable:
      return tr("Hark could not reach the server. Check the address and your network connection.")
    case .certificateRejected:
      return tr("The server's security certificate is not trusted, so Hark did not connect.")
    case .invalidResponse:
      return tr("The server sent an answer Hark could not understand.")
    case .differentServer(let name):
      return trFormat(
        "A different server (“%@”) now answers at this address. Hark keeps your place; try again when your server is back.",
        name)
    }
  }

  /// For logs: the technical detail behind `userMessage`.
  public var description: String {
    switch self {
    case .server(let status, let message): "HTTP \(status): \(message)"
    case .timedOut: "timed out"
    case .cancelled: "cancelled"
    case .unreachable(let detail): "unreachable: \(detail)"
    case .certificateRejected(let detail): "certificate rejected: \(detail)"
    case .invalidResponse(let detail): "invalid response: \(detail)"
    case .differentServer(let name): "a different server answers: \(name)"
    }
  }
}

extension APIError {
  /// Maps a transport failure. An unsendable request counts as unreachable:
  /// nothing was answered, and the fix is on this side or the address.
  public init(_ error: TransportError) {
    switch error {
    case .timedOut: self = .timedOut
    case .cancelled: self = .cancelled
    case .unreachable(let detail): self = .unreachable(detail)
    case .certificateRejected(let detail): self = .certificateRejected(detail)
    case .invalidRequest(let detail): self = .unreachable("request not sent: \(detail)")
    }
  }

  /// The `.server` error for a non-2xx response. `plainTextBody` is for media
  /// routes (`stream`, `cover`), whose errors may be plain text, not JSON.
  public init(response: HTTPResponse, plainTextBody: Bool = false) {
    self = .server(
      status: response.status, message: displayable(Self.message(of: response, plainTextBody: plainTextBody)))
  }

  static let plainTextLimit = 200

  private static func message(of response: HTTPResponse, plainTextBody: Bool) -> String {
    if !response.bodyTruncated,
      let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      let error = object["error"] as? String, !error.isEmpty
    {
      // A hostile server's "error" can be megabytes; a message is a sentence.
      return error.count > plainTextLimit ? String(error.prefix(plainTextLimit)) + "…" : error
    }
    if plainTextBody {
      // Lossy decoding: a body cut inside a multi-byte character still reads.
      let trimmed = String(decoding: response.body, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      // A JSON body without "error" is not a message to show.
      if !trimmed.isEmpty, !trimmed.hasPrefix("{") {
        return trimmed.count > plainTextLimit
          ? String(trimmed.prefix(plainTextLimit)) + "…" : trimmed
      }
    }
    let reason = response.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    return reason.isEmpty ? "Request failed" : reason
  }
}
