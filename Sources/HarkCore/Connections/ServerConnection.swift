import Foundation

/// A server Hark is signed in to. Keyed by the server's own `server_id`, so
/// two servers with the same library names never mix. The session token is
/// not here: it lives only in the keyring (`SecretStore`).
public struct ServerConnection: Equatable, Sendable, Codable, Identifiable {
  public var serverID: String
  public var name: String
  public var baseURL: URL
  public var username: String
  public var isDemo: Bool
  /// The server answered 401: the session was revoked or signed out
  /// elsewhere. The window shows a Reconnect banner with the address filled.
  public var needsReconnect: Bool

  public var id: String { serverID }

  public init(
    serverID: String, name: String, baseURL: URL, username: String, isDemo: Bool = false,
    needsReconnect: Bool = false
  ) {
    self.serverID = serverID
    self.name = name
    self.baseURL = baseURL
    self.username = username
    self.isDemo = isDemo
    self.needsReconnect = needsReconnect
  }
}

/// What `/server` says about a server before signing in: enough to offer
/// the sign-in methods it accepts.
public struct ServerPreview: Equatable, Sendable {
  public var baseURL: URL
  public var serverID: String
  public var name: String
  public var acceptsPassword: Bool
  public var acceptsInviteCode: Bool
  public var offersDemo: Bool

  public init(
    baseURL: URL, serverID: String, name: String, acceptsPassword: Bool, acceptsInviteCode: Bool,
    offersDemo: Bool
  ) {
    self.baseURL = baseURL
    self.serverID = serverID
    self.name = name
    self.acceptsPassword = acceptsPassword
    self.acceptsInviteCode = acceptsInviteCode
    self.offersDemo = offersDemo
  }
}

/// A library on a connected server, as the Library page lists it.
public struct LibrarySummary: Equatable, Sendable, Identifiable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A failure already worded for the listener (the server's own message where
/// it gave one).
public struct FailureMessage: Error, Equatable, Sendable {
  public var text: String
  public init(_ text: String) { self.text = text }
}

/// A server signed out of on purpose, offered again in Add Server so
/// reconnecting is one click with the address filled in.
public struct RememberedServer: Equatable, Sendable, Codable, Identifiable {
  public var serverID: String
  public var name: String
  public var baseURL: URL

  public var id: String { serverID }

  public init(serverID: String, name: String, baseURL: URL) {
    self.serverID = serverID
    self.name = name
    self.baseURL = baseURL
  }
}

extension URL {
  /// "books.example.com" or "10.0.0.2:8080": how a server's address is shown.
  public var hostAndPort: String {
    guard let host else { return absoluteString }
    return port.map { "\(host):\($0)" } ?? host
  }
}
