/// Which secret: the session token of one server, or one of its personal API keys.
///
/// Only the account is ever shown or logged; the secret itself stays inside a
/// `SecretStore`.
public struct SecretAccount: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// The token from signing in or pairing (one per server).
    case session
    /// A personal API key, by the id the server gave it.
    case apiKey(id: Int)
  }

  /// The connection's id in Hark's settings (stable across renames of the server).
  public var serverID: String
  public var kind: Kind

  public init(serverID: String, kind: Kind) {
    self.serverID = serverID
    self.kind = kind
  }

  public static func session(serverID: String) -> SecretAccount {
    SecretAccount(serverID: serverID, kind: .session)
  }

  public static func apiKey(serverID: String, id: Int) -> SecretAccount {
    SecretAccount(serverID: serverID, kind: .apiKey(id: id))
  }

  /// The label a keyring manager (Passwords and Keys) shows for this secret,
  /// e.g. "Hark session for Hark Test Server" or "Hark API key 3 for Home".
  public func label(serverName: String) -> String {
    switch kind {
    // TRANSLATORS: names of sign-ins in the desktop keyring (Passwords and Keys).
    case .session: trFormat("Hark session for %@", serverName)
    case .apiKey(let id): trFormat("Hark API key %1$d for %2$@", id, serverName)
    }
  }
}
