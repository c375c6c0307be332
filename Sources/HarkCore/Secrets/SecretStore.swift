/// Why a secret could not be saved, read or removed.
///
/// The associated text is for developers (a log line, a bug report): it names
/// the cause but never contains the secret. Show `userMessage` instead.
public enum SecretStoreError: Error, Equatable, Sendable {
  /// There is nowhere safe to keep secrets right now: no Secret Service on
  /// the session bus, or the keyring is locked and was not unlocked (the
  /// unlock prompt was cancelled). Falling back is the caller's call, see
  /// `SecretStoreChoice`.
  case unavailable(String)
  /// A Secret Service answers but has no default collection to store into,
  /// and creating one (which prompts for its password) did not happen.
  case noDefaultKeyring(String)
  /// The store was there but the operation failed (a protocol error, a
  /// damaged or unsafe secrets file, a full disk...).
  case failed(String)

  /// One sentence for the listener, without jargon.
  public var userMessage: String {
    switch self {
    case .unavailable:
      tr("Hark can't reach your keyring, so it can't keep your sign-in safe after it closes.")
    case .noDefaultKeyring:
      tr("Your keyring has no default collection, so Hark can't keep your sign-in after it closes.")
    case .failed:
      tr("Hark couldn't save or read your sign-in. You may need to sign in again.")
    }
  }
}

/// Keeps session tokens and API keys. `Secrets.KeyringSecretStore` (the
/// desktop keyring) is the normal one; `MemorySecretStore` and
/// `Secrets.PrivateFileSecretStore` are the fallbacks `SecretStoreChoice` picks.
///
/// Implementations never block the caller's thread on I/O and never log a
/// secret. Saving an account that already has a secret replaces it; deleting
/// one that has none is not an error.
public protocol SecretStore: Sendable {
  /// Saves or replaces the secret; `label` is what a keyring manager shows
  /// (see `SecretAccount.label(serverName:)`).
  func save(_ secret: String, for account: SecretAccount, label: String) async throws(SecretStoreError)
  /// The secret, or nil when none is stored for the account.
  func load(_ account: SecretAccount) async throws(SecretStoreError) -> String?
  func delete(_ account: SecretAccount) async throws(SecretStoreError)
  /// Removes the session and every API key of one server (on sign-out or when
  /// the connection is removed); other servers keep theirs.
  func deleteAll(serverID: String) async throws(SecretStoreError)
}
