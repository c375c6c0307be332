/// One stored secret with the label a keyring manager would show.
public struct SecretEntry: Equatable, Sendable {
  public var account: SecretAccount
  public var label: String
  public var secret: String

  public init(account: SecretAccount, label: String, secret: String) {
    self.account = account
    self.label = label
    self.secret = secret
  }
}

/// A fallback store that can hand over everything it holds, so turning the
/// private-file opt-in on or off moves the listener's sign-ins instead of
/// dropping them. The keyring is never listed: Hark only ever moves
/// secrets between its two fallbacks.
public protocol MovableSecretStore: SecretStore {
  func entries() async throws(SecretStoreError) -> [SecretEntry]
}

extension MovableSecretStore {
  /// Copies every secret into `destination`, then deletes each from here.
  /// Copy-then-delete means a failure part way leaves a secret in both
  /// places, never in neither.
  public func moveAll(to destination: any SecretStore) async throws(SecretStoreError) {
    let moving = try await entries()
    for entry in moving {
      try await destination.save(entry.secret, for: entry.account, label: entry.label)
    }
    for entry in moving {
      try await delete(entry.account)
    }
  }
}
