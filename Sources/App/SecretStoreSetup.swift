import HarkCore
import Secrets

/// Picks where session tokens live for this run: the desktop keyring when a
/// Secret Service answers, otherwise memory only (and the window says so).
/// The private-file opt-in lands with the servers list in Preferences.
enum SecretStoreSetup {
  static func choose(onKeyringChecked: @escaping @MainActor (Bool) -> Void) -> Task<any SecretStore, Never> {
    Task { @MainActor in
      let available = await KeyringSecretStore.probe()
      onKeyringChecked(available)
      switch SecretStoreChoice.choose(keyringAvailable: available, privateFileOptIn: false) {
      case .keyring: return KeyringSecretStore()
      case .memory, .privateFile: return MemorySecretStore()
      }
    }
  }
}
