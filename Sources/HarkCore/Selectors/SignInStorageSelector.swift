/// Where sign-ins are kept, as Preferences → Servers explains it.
public struct SignInStorage: Equatable, Sendable {
  public var choice: SecretStoreChoice
  /// The servers group's description.
  public var description: String
  /// Offer the private-file switch: only while no keyring answers.
  public var offersFileOptIn: Bool
  public var keepsInFile: Bool
}

public func selectSignInStorage(_ s: AppState) -> SignInStorage {
  let connections = s.connections
  let choice = SecretStoreChoice.choose(
    keyringAvailable: !connections.keyringUnavailable, privateFileOptIn: connections.keepsSignInInFile)
  return SignInStorage(
    choice: choice,
    description: choice.notice(connections.keyringProblem ?? .notRunning)
      ?? "Sign-ins are kept in your keyring, never in a file.",
    offersFileOptIn: connections.keyringUnavailable,
    keepsInFile: connections.keepsSignInInFile)
}
