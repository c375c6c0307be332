/// Which `SecretStore` Hark uses, by the project's rule: the desktop keyring
/// whenever a Secret Service answers; without one, memory for this run only,
/// unless the listener opted into a file readable only by them.
public enum SecretStoreChoice: Equatable, Sendable {
  /// `Secrets.KeyringSecretStore`.
  case keyring
  /// `MemorySecretStore`: signed in until Hark quits.
  case memory
  /// `Secrets.PrivateFileSecretStore`, only after the listener opted in.
  case privateFile

  /// - Parameters:
  ///   - keyringAvailable: `KeyringSecretStore.probe()` answered true, and no
  ///     keyring call since has thrown `.unavailable`.
  ///   - privateFileOptIn: the listener chose "keep me signed in using a
  ///     private file" in Preferences. It never overrides a working keyring.
  public static func choose(keyringAvailable: Bool, privateFileOptIn: Bool) -> SecretStoreChoice {
    if keyringAvailable { return .keyring }
    return privateFileOptIn ? .privateFile : .memory
  }

  /// Whether a sign-in survives a restart of Hark.
  public var remembersAcrossRuns: Bool {
    self != .memory
  }

  /// What the UI says about where sign-ins are kept; nil for the keyring,
  /// which needs no explanation.
  public func notice(_ problem: KeyringProblem) -> String? {
    switch self {
    case .keyring: nil
    case .memory: problem.notice(keepsInFile: false)
    case .privateFile: problem.notice(keepsInFile: true)
    }
  }
}
