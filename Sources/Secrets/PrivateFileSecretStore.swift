import Foundation
import HarkCore

/// Secrets in one JSON file that only the listener can read: the explicit
/// opt-in for running without a keyring. The app passes
/// `$XDG_DATA_HOME/hark/secrets.json`.
///
/// - The directory is created with mode 0700; an existing one owned by the
///   user is tightened to 0700, one owned by someone else is refused.
/// - The file is created with mode 0600 and is never used when it is wider,
///   a symbolic link, or owned by someone else: every call throws `.failed`
///   until the listener fixes it (Hark does not chmod a file it finds).
/// - Every change writes a temporary file in the same directory, flushes it
///   and renames it over the old one, so a crash leaves the old file or the
///   new one, never half of either. The file is removed when the last secret is.
/// - File I/O runs on a private serial queue; errors name the path, never a secret.
public final class PrivateFileSecretStore: MovableSecretStore {
  public let path: String
  private let queue = BlockingQueue(label: "dev.hark.Hark.secrets-file")

  public init(path: String = PrivateFileSecretStore.defaultPath) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/hark/secrets.json`, with the XDG default
  /// `~/.local/share` when the variable is unset or not absolute.
  public static var defaultPath: String {
    let environment = ProcessInfo.processInfo.environment
    var dataHome = environment["XDG_DATA_HOME"] ?? ""
    if !dataHome.hasPrefix("/") {
      dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }
    return dataHome + "/hark/secrets.json"
  }

  public func save(_ secret: String, for account: SecretAccount, label: String) async throws(SecretStoreError) {
    try await queue.run { [path] () throws(SecretStoreError) in
      let file = SecretsFile(path: path)
      var entries = try file.read().filter { $0.account != account }
      entries.append(StoredSecret(account: account, label: label, secret: secret))
      try file.write(entries)
    }
  }

  public func load(_ account: SecretAccount) async throws(SecretStoreError) -> String? {
    try await queue.run { [path] () throws(SecretStoreError) -> String? in
      try SecretsFile(path: path).read().first { $0.account == account }?.secret
    }
  }

  public func delete(_ account: SecretAccount) async throws(SecretStoreError) {
    try await remove { $0.account == account }
  }

  public func deleteAll(serverID: String) async throws(SecretStoreError) {
    try await remove { $0.serverID == serverID }
  }

  /// Every secret this version understands (unknown kinds stay in the file).
  public func entries() async throws(SecretStoreError) -> [SecretEntry] {
    try await queue.run { [path] () throws(SecretStoreError) -> [SecretEntry] in
      try SecretsFile(path: path).read().compactMap { stored in
        stored.account.map { SecretEntry(account: $0, label: stored.label, secret: stored.secret) }
      }
    }
  }

  private func remove(where matches: @escaping @Sendable (StoredSecret) -> Bool) async throws(SecretStoreError) {
    try await queue.run { [path] () throws(SecretStoreError) in
      let file = SecretsFile(path: path)
      let entries = try file.read()
      let kept = entries.filter { !matches($0) }
      if kept.count != entries.count { try file.write(kept) }
    }
  }
}

/// One secret as the file stores it.
struct StoredSecret: Codable, Equatable, Sendable {
  var serverID: String
  /// "session" or "api-key", as in the keyring.
  var kind: String
  var keyID: Int?
  var label: String
  var secret: String

  enum CodingKeys: String, CodingKey {
    case serverID = "server_id"
    case kind
    case keyID = "key_id"
    case label, secret
  }

  init(account: SecretAccount, label: String, secret: String) {
    serverID = account.serverID
    switch account.kind {
    case .session: kind = "session"
    case .apiKey(let id): (kind, keyID) = ("api-key", id)
    }
    self.label = label
    self.secret = secret
  }

  /// Nil for a kind this version does not know (kept in the file, never matched).
  var account: SecretAccount? {
    switch (kind, keyID) {
    case ("session", _): .session(serverID: serverID)
    case ("api-key", let id?): .apiKey(serverID: serverID, id: id)
    default: nil
    }
  }
}
