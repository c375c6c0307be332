import Foundation

/// One server in Preferences → Servers.
public struct ServerPreferencesRow: Equatable, Sendable, Identifiable {
  public enum Status: Equatable, Sendable {
    /// Signed in: Sign Out.
    case signedIn
    /// Signed out by the server (its session ended): Reconnect, or Sign Out.
    case signedOutElsewhere
    /// Signed out here, with places kept to send: Sign In again, at `address`.
    case signedOutHere(address: URL)
  }

  public var id: String
  public var title: String
  /// "listener · books.example.com", then "offline" or "signed out".
  public var subtitle: String
  public var status: Status
  /// "2 listening places not yet sent — they will be sent at the next
  /// sign-in": the server refused them at sign-out and this computer keeps
  /// them. Nil when none are waiting.
  public var unsent: String?

  public init(id: String, title: String, subtitle: String, status: Status, unsent: String? = nil) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.status = status
    self.unsent = unsent
  }
}

/// Every server signed in to, in the order added, then each server signed out
/// of whose places this computer still keeps (the listener is told why
/// it is still listed, and can sign in again to send them). This
/// computer's folders are not a server: Preferences → Library has them.
public func selectServersPreferences(_ s: AppState) -> [ServerPreferencesRow] {
  let connections = s.connections
  let signedIn = connections.servers.map { server in
    let state =
      server.needsReconnect ? tr("signed out") : connections.unreachable.contains(server.serverID) ? tr("offline") : ""
    return ServerPreferencesRow(
      id: server.serverID, title: server.name,
      subtitle: [server.username, server.baseURL.hostAndPort, state].filter { !$0.isEmpty }.joined(separator: " · "),
      status: server.needsReconnect ? .signedOutElsewhere : .signedIn,
      unsent: unsentPlacesText(connections.unsentKept[server.serverID]))
  }
  let keeping = connections.remembered.compactMap { server -> ServerPreferencesRow? in
    guard connections.server(server.serverID) == nil,
      let text = unsentPlacesText(connections.unsentKept[server.serverID])
    else { return nil }
    return ServerPreferencesRow(
      id: server.serverID, title: server.name,
      subtitle: [server.baseURL.hostAndPort, tr("signed out")].joined(separator: " · "),
      status: .signedOutHere(address: server.baseURL), unsent: text)
  }
  return signedIn + keeping
}

/// "2 listening places not yet sent — they will be sent at the next
/// sign-in", in the same words wherever a server signed out of is shown
/// (here and Add Server's Recent Servers); nil when none are kept.
func unsentPlacesText(_ count: Int?) -> String? {
  guard let count, count > 0 else { return nil }
  return String(
    format: trPlural(
      "%d listening place not yet sent — it will be sent at the next sign-in",
      "%d listening places not yet sent — they will be sent at the next sign-in", count),
    count)
}
