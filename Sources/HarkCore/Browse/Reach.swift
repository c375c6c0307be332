/// Where a book's effect is answered: this computer's listening database
/// and scans (no server, no token), or a server the store counts as signed
/// in, carried as the store knows it so the App asks it without keeping an
/// opinion of its own about who is signed in.
public enum Reach: Hashable, Sendable {
  case thisComputer
  case server(ServerAccess)

  /// The server's access; nil for this computer.
  public var access: ServerAccess? {
    if case .server(let access) = self { return access }
    return nil
  }

  /// The id the answers name (`LocalSource.serverID` for this computer).
  public var serverID: String {
    switch self {
    case .thisComputer: LocalSource.serverID
    case .server(let access): access.serverID
    }
  }
}

extension AppState {
  /// How to reach the books of `serverID`; nil for a server the store asks
  /// for nothing new (waiting for a sign-in again, being signed out of, or
  /// no longer listed), whose requests the reducer answers itself.
  func reach(_ serverID: String) -> Reach? {
    LocalSource.isLocal(serverID) ? .thisComputer : connections.access(serverID).map(Reach.server)
  }
}
