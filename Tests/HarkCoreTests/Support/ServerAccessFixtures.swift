import Foundation

@testable import HarkCore

extension ServerConnection {
  /// The server as the store's effects carry it while it is signed in and
  /// no other server answers at its address.
  var access: ServerAccess { ServerAccess(serverID: serverID, baseURL: baseURL) }
}

extension ServerConnection {
  /// A server for the selector tests: `https://<id>.example.com:8443`,
  /// signed in as "ada".
  static func fixture(_ id: String, _ name: String, needsReconnect: Bool = false) -> ServerConnection {
    ServerConnection(
      serverID: id, name: name, baseURL: URL(string: "https://\(id).example.com:8443")!, username: "ada",
      needsReconnect: needsReconnect)
  }
}
