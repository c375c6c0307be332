import Foundation

@testable import HarkCore

extension ServerConnection {
  /// The server as the store's effects carry it while it is signed in and
  /// no other server answers at its address.
  var access: ServerAccess { ServerAccess(serverID: serverID, baseURL: baseURL) }
}
