import Foundation

/// What the store knows of a signed-in server when it asks for work that
/// needs the server's client: whose token (`serverID`, the server that
/// issued it), where (`baseURL`), and whether the server answering there
/// is still that one. The App builds and caches clients from this and
/// keeps no opinion of its own about who is signed in.
public struct ServerAccess: Hashable, Sendable {
  public var serverID: String
  public var baseURL: URL
  /// No other server has answered at the address since the store last
  /// heard from this one (`ConnectionsState.differentServers`). Streams,
  /// which cannot wait for the identity check, carry the token only then.
  public var trusted: Bool

  public init(serverID: String, baseURL: URL, trusted: Bool = true) {
    self.serverID = serverID
    self.baseURL = baseURL
    self.trusted = trusted
  }
}

extension ConnectionsState {
  /// A server the store counts as signed in (listed, not waiting for a
  /// sign-in again, not being signed out of), as an effect carries it; nil
  /// for any other, which is asked for nothing new.
  public func access(_ serverID: String) -> ServerAccess? {
    guard let server = server(serverID), !server.needsReconnect, signingOut[serverID] == nil else { return nil }
    return ServerAccess(
      serverID: serverID, baseURL: server.baseURL, trusted: differentServers[serverID] == nil)
  }
}
