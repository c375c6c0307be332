import HarkCore
import Secrets

/// The secret store for this run, chosen by `SecretStoreChoice`: the
/// desktop keyring when a Secret Service answers; otherwise memory, or the
/// private file once the listener opted in.
///
/// Chosen on first use, not at start-up: probing the keyring starts
/// libdispatch's worker pool, whose monitor then wakes the process every
/// second, so a Hark with no server never probes at all.
@MainActor
final class SecretStorage {
  private var chosen: Task<any SecretStore, Never>?
  private let keepsInFile: () -> Bool
  private let saveKeepsInFile: (Bool) -> Void
  private let onKeyringChecked: @MainActor (Bool) -> Void
  private let makeFileStore: () -> any MovableSecretStore
  /// Whether a Secret Service answers; the App's tests say "no" rather
  /// than reach the desktop's keyring.
  private let probeKeyring: @Sendable () async -> Bool
  /// Memory lives as long as the run, so switching the opt-in off and on
  /// again within one run never loses what it holds.
  private let memory = MemorySecretStore()
  /// Whether the store in use is memory: this run's sign-ins are lost when
  /// Hark quits. Known without awaiting, for the moment Hark quits.
  private(set) var forgetsSignInsAtQuit = false

  /// - Parameters:
  ///   - keepsInFile: the listener's opt-in, read when the store is chosen.
  ///   - saveKeepsInFile: keeps a changed opt-in (GSettings).
  ///   - onKeyringChecked: told whether a keyring answered the probe.
  init(
    keepsInFile: @escaping () -> Bool,
    saveKeepsInFile: @escaping (Bool) -> Void,
    makeFileStore: @escaping () -> any MovableSecretStore = { PrivateFileSecretStore() },
    probeKeyring: @escaping @Sendable () async -> Bool = { await KeyringSecretStore.probe() },
    onKeyringChecked: @escaping @MainActor (Bool) -> Void
  ) {
    self.keepsInFile = keepsInFile
    self.saveKeepsInFile = saveKeepsInFile
    self.makeFileStore = makeFileStore
    self.probeKeyring = probeKeyring
    self.onKeyringChecked = onKeyringChecked
  }

  /// The store; the first call probes the keyring.
  var store: Task<any SecretStore, Never> {
    if let chosen { return chosen }
    let optIn = keepsInFile()
    let task = Task { @MainActor [weak self, memory, makeFileStore, probeKeyring, onKeyringChecked] () -> any SecretStore in
      let available = await probeKeyring()
      onKeyringChecked(available)
      let choice = SecretStoreChoice.choose(keyringAvailable: available, privateFileOptIn: optIn)
      self?.forgetsSignInsAtQuit = choice == .memory
      switch choice {
      case .keyring: return KeyringSecretStore()
      case .memory: return memory
      case .privateFile: return makeFileStore()
      }
    }
    chosen = task
    return task
  }

  /// A save to the keyring failed (it has no default collection, say): from
  /// now on this run keeps sign-ins where it would with no keyring at all
  /// (memory, or the private file once opted in), so Preferences' switch
  /// works and quitting knows the sign-ins it did not keep.
  func keyringCouldNotKeep() -> Task<any SecretStore, Never> {
    let optIn = keepsInFile()
    forgetsSignInsAtQuit = !optIn
    let task = Task { @MainActor [memory, makeFileStore] () -> any SecretStore in
      optIn ? makeFileStore() : memory
    }
    chosen = task
    return task
  }

  /// The opt-in changed. With a keyring nothing moves (the keyring always
  /// wins); without one, every sign-in moves to the file or back to memory,
  /// and the file is gone once the last secret leaves it. Not chosen yet:
  /// the next choice reads the new opt-in.
  func keepInFile(_ on: Bool) {
    saveKeepsInFile(on)
    guard let previous = chosen else { return }
    chosen = Task { @MainActor [weak self, memory, makeFileStore] () -> any SecretStore in
      let current = await previous.value
      guard let from = current as? any MovableSecretStore else { return current }
      let to: any MovableSecretStore = on ? makeFileStore() : memory
      do {
        try await from.moveAll(to: to)
        self?.forgetsSignInsAtQuit = !on
        return to
      } catch {
        // Copy-then-delete: a failure leaves the secrets where they were,
        // so keep using that store; the next sign-in tries again.
        printToStandardError("hark: could not move sign-ins: \(error)")
        return from
      }
    }
  }
}
