import Foundation

/// The one banner under the header bar, most urgent first.
public struct BannerState: Equatable, Sendable {
  public var message: String
  public var actionLabel: String?
  public var action: Action?

  public init(message: String, actionLabel: String? = nil, action: Action? = nil) {
    self.message = message
    self.actionLabel = actionLabel
    self.action = action
  }
}

/// Signed out (needs the listener) beats another server at the address
/// beats offline (fixes itself) beats the keyring warning (informational).
public func selectBanner(_ s: AppState) -> BannerState? {
  let connections = s.connections
  if let server = connections.servers.first(where: \.needsReconnect) {
    return BannerState(
      message: "You were signed out of \(server.name).", actionLabel: "Reconnect",
      action: .connections(.reconnectRequested(serverID: server.serverID)))
  }
  if let server = connections.servers.first(where: { connections.differentServers[$0.serverID] != nil }),
    let stranger = connections.differentServers[server.serverID]
  {
    let address = server.baseURL.host.map { host in server.baseURL.port.map { "\(host):\($0)" } ?? host } ?? ""
    return BannerState(
      message: "A different server, “\(stranger)”, now answers at \(address). Hark does not send it your sign-in "
        + "and keeps your place on \(server.name) until it is back.",
      actionLabel: "Try Again", action: .connections(.identityRecheckRequested(serverID: server.serverID)))
  }
  let offline = connections.servers.filter { connections.unreachable.contains($0.serverID) }
  if offline.count == 1 {
    return BannerState(
      message: "\(offline[0].name) is offline. Its library shows as last seen; Hark keeps your place and "
        + "reconnects on its own.")
  }
  if offline.count > 1 {
    return BannerState(
      message: "\(offline.count) servers are offline. Their libraries show as last seen; Hark keeps your place "
        + "and reconnects on its own.")
  }
  // Once the listener opted into the private file, Preferences says where
  // sign-ins live; the window need not keep warning.
  if selectSignInStorage(s).choice == .memory && !connections.servers.isEmpty {
    return BannerState(message: (connections.keyringProblem ?? .notRunning).banner)
  }
  return nil
}
