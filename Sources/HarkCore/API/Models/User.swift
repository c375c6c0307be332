import Foundation

/// `GET /me`: the signed-in account.
public struct User: Codable, Hashable, Sendable {
  public var id: Int
  public var username: String
  /// "admin" or "user".
  public var role: String
  public var disabled: Bool
  /// False for accounts that only ever signed in with a code.
  public var hasPassword: Bool
  public var hasRecovery: Bool
  /// A throwaway demo account: the server refuses self-service password changes.
  public var isDemo: Bool
  public var lastSeenAt: Timestamp?

  public init(
    id: Int, username: String, role: String = "user", disabled: Bool = false,
    hasPassword: Bool = false, hasRecovery: Bool = false, isDemo: Bool = false,
    lastSeenAt: Timestamp? = nil
  ) {
    self.id = id
    self.username = username
    self.role = role
    self.disabled = disabled
    self.hasPassword = hasPassword
    self.hasRecovery = hasRecovery
    self.isDemo = isDemo
    self.lastSeenAt = lastSeenAt
  }

  enum CodingKeys: String, CodingKey {
    case id, username, role, disabled
    case hasPassword = "has_password"
    case hasRecovery = "has_recovery"
    case isDemo = "is_demo"
    case lastSeenAt = "last_seen_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.value(.id, or: 0)
    username = try c.text(.username)
    role = try c.value(.role, or: "user")
    disabled = try c.value(.disabled, or: false)
    hasPassword = try c.value(.hasPassword, or: false)
    hasRecovery = try c.value(.hasRecovery, or: false)
    isDemo = try c.value(.isDemo, or: false)
    lastSeenAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastSeenAt)
  }
}

/// A personal API key as listed: never the secret itself.
public struct APIKey: Codable, Hashable, Sendable {
  public var id: Int
  public var label: String
  public var createdAt: Timestamp
  /// Nil until the key is first used.
  public var lastSeen: Timestamp?

  public init(id: Int, label: String, createdAt: Timestamp, lastSeen: Timestamp? = nil) {
    self.id = id
    self.label = label
    self.createdAt = createdAt
    self.lastSeen = lastSeen
  }

  enum CodingKeys: String, CodingKey {
    case id, label
    case createdAt = "created_at"
    case lastSeen = "last_seen"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    label = try c.text(.label)
    createdAt = try c.value(.createdAt, or: Timestamp(rawValue: ""))
    lastSeen = try c.decodeIfPresent(Timestamp.self, forKey: .lastSeen)
  }
}

/// `POST /auth/tokens`: the new key and its secret, which is shown once.
public struct APIKeyCreated: Codable, Hashable, Sendable, CustomStringConvertible {
  public var token: String
  public var apiKey: APIKey

  public init(token: String, apiKey: APIKey) {
    self.token = token
    self.apiKey = apiKey
  }

  enum CodingKeys: String, CodingKey {
    case token
    case apiKey = "api_key"
  }

  public var description: String { "APIKeyCreated(\(apiKey.label), token: <redacted>)" }
}
