import Foundation

/// One server signed out of, offered again on Add Server's address step.
public struct RecentServerRow: Equatable, Sendable, Identifiable {
  public var id: String
  public var name: String
  /// Where Connect goes: the address it had, filled in.
  public var address: URL
  /// "books.example.com", then on a second line the places this computer
  /// still keeps for it, when the server refused them at sign-out.
  public var subtitle: String

  public init(id: String, name: String, address: URL, subtitle: String) {
    self.id = id
    self.name = name
    self.address = address
    self.subtitle = subtitle
  }
}

/// "Recent Servers", newest first: each says the places kept for it in the
/// words Preferences → Servers uses, since signing in here is what sends them.
public func selectRecentServers(_ connections: ConnectionsState) -> [RecentServerRow] {
  connections.remembered.map { server in
    RecentServerRow(
      id: server.serverID, name: server.name, address: server.baseURL,
      subtitle: [server.baseURL.hostAndPort, unsentPlacesText(connections.unsentKept[server.serverID])]
        .compactMap { $0 }.joined(separator: "\n"))
  }
}
