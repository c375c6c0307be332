/// The library part of the state. A later issue fills it from the servers.
public struct LibraryState: Equatable, Sendable {
  /// The connected servers, in the order the user added them.
  public var servers: [ServerSummary]

  /// No servers unless given.
  public init(servers: [ServerSummary] = []) {
    self.servers = servers
  }
}

/// A connected AudioSilo server, as the library lists it.
public struct ServerSummary: Equatable, Sendable, Identifiable {
  /// The connection's stable id.
  public var id: String
  /// The name shown to the user.
  public var name: String

  /// A server with the given id and name.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
