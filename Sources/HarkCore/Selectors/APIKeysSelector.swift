import Foundation

/// One server's personal API keys, as Preferences lists them.
public struct APIKeysSection: Equatable, Sendable, Identifiable {
  public var id: String
  public var serverName: String
  public var keys: Loadable<[APIKeySummary]>

  public init(id: String, serverName: String, keys: Loadable<[APIKeySummary]>) {
    self.id = id
    self.serverName = serverName
    self.keys = keys
  }
}

/// Servers that can manage keys: signed in, not a demo account (the server
/// refuses demo accounts on self-service routes).
public func selectAPIKeySections(_ s: AppState) -> [APIKeysSection] {
  s.connections.servers.filter { !$0.needsReconnect && !$0.isDemo }.map {
    APIKeysSection(id: $0.serverID, serverName: $0.name, keys: s.connections.apiKeys[$0.serverID] ?? .loading)
  }
}

public func selectRevealedAPIKey(_ s: AppState) -> RevealedAPIKey? { s.connections.revealedAPIKey }
