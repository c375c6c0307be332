/// Keeps secrets for this run only: nothing reaches the disk, and everything
/// is gone when Hark quits. The fallback when no keyring is available and the
/// listener has not opted into the private file. Keep one instance for the run.
public final class MemorySecretStore: MovableSecretStore {
  private let table = Table()

  public init() {}

  public func save(_ secret: String, for account: SecretAccount, label: String) async throws(SecretStoreError) {
    await table.set(SecretEntry(account: account, label: label, secret: secret), for: account)
  }

  public func load(_ account: SecretAccount) async throws(SecretStoreError) -> String? {
    await table.secrets[account]?.secret
  }

  public func delete(_ account: SecretAccount) async throws(SecretStoreError) {
    await table.set(nil, for: account)
  }

  public func deleteAll(serverID: String) async throws(SecretStoreError) {
    await table.removeAll(serverID: serverID)
  }

  public func entries() async throws(SecretStoreError) -> [SecretEntry] {
    await Array(table.secrets.values)
  }

  private actor Table {
    var secrets: [SecretAccount: SecretEntry] = [:]

    func set(_ entry: SecretEntry?, for account: SecretAccount) {
      secrets[account] = entry
    }

    func removeAll(serverID: String) {
      secrets = secrets.filter { $0.key.serverID != serverID }
    }
  }
}
