import Foundation

/// One connected server on the Library page, with its libraries.
public struct ServerSection: Equatable, Sendable, Identifiable {
  public enum Status: Equatable, Sendable {
    case online
    case offline
    case signedOut
  }

  public var id: String
  public var title: String
  /// "listener · books.example.com"
  public var subtitle: String
  public var status: Status
  public var libraries: Loadable<[LibrarySummary]>

  public init(
    id: String, title: String, subtitle: String, status: Status, libraries: Loadable<[LibrarySummary]>
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.status = status
    self.libraries = libraries
  }
}

/// Every connected server, in the order added.
public func selectLibraryOverview(_ s: AppState) -> [ServerSection] {
  s.connections.servers.map { server in
    let status: ServerSection.Status =
      server.needsReconnect
      ? .signedOut : s.connections.unreachable.contains(server.serverID) ? .offline : .online
    let host = server.baseURL.hostAndPort
    return ServerSection(
      id: server.serverID, title: server.name,
      subtitle: [server.username, host].filter { !$0.isEmpty }.joined(separator: " · "),
      status: status, libraries: s.connections.libraries[server.serverID] ?? .loading)
  }
}
