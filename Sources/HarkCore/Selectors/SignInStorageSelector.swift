/// Where sign-ins are kept, as Preferences → Servers explains it.
public struct SignInStorage: Equatable, Sendable {
  public var choice: SecretStoreChoice
  /// The servers group's description.
  public var description: String
  /// Offer the private-file switch: only while no keyring answers.
  public var offersFileOptIn: Bool
  public var keepsInFile: Bool
  /// The opt-in group's title and its row's explanation: "without a
  /// keyring" is untrue when one runs but cannot keep sign-ins.
  public var optInTitle: String
  public var optInDetail: String
}

public func selectSignInStorage(_ s: AppState) -> SignInStorage {
  let connections = s.connections
  let choice = SecretStoreChoice.choose(
    keyringAvailable: !connections.keyringUnavailable, privateFileOptIn: connections.keepsSignInInFile)
  return SignInStorage(
    choice: choice,
    description: choice.notice(connections.keyringProblem ?? .notRunning)
      ?? tr("Sign-ins are kept in your keyring, never in a file."),
    offersFileOptIn: connections.keyringUnavailable,
    keepsInFile: connections.keepsSignInInFile,
    optInTitle: connections.keyringProblem == .notRunning || connections.keyringProblem == nil
      ? tr("Without a Keyring") : tr("While Your Keyring Cannot Keep Sign-Ins"),
    optInDetail: connections.keyringProblem == .notRunning || connections.keyringProblem == nil
      ? tr("Saves sign-ins in a file only your account can read. A keyring is safer: with one running, Hark uses it instead.")
      : tr(
        "Saves sign-ins in a file only your account can read. A keyring is safer: once yours can keep them, Hark uses it instead."
      ))
}
