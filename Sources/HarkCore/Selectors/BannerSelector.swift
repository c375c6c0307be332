import Foundation

/// The one banner under the header bar, most urgent first.
public struct BannerState: Equatable, Sendable {
  public var message: String
  public var actionLabel: String?
  public var action: Action?
  /// Further choices, after the main one.
  public var choices: [BannerChoice]

  public init(message: String, actionLabel: String? = nil, action: Action? = nil, choices: [BannerChoice] = []) {
    self.message = message
    self.actionLabel = actionLabel
    self.action = action
    self.choices = choices
  }
}

/// A further button on the banner.
public struct BannerChoice: Equatable, Sendable {
  public enum Command: Equatable, Sendable {
    /// These actions, in order.
    case dispatch([Action])
    /// Sign out of this server the way Preferences does (asking about its
    /// downloads first); the view adds the time.
    case signOut(serverID: String, name: String)
  }

  public var label: String
  public var command: Command

  public init(label: String, command: Command) {
    self.label = label
    self.command = command
  }
}

/// Each server and whether it still takes the sign-in (for the desktop's
/// notification of a server that signs the listener out).
public struct ServerSignIn: Equatable, Sendable {
  public var serverID: String
  public var name: String
  public var signedIn: Bool
}

public func selectServerSignIns(_ s: AppState) -> [ServerSignIn] {
  s.connections.servers.map { ServerSignIn(serverID: $0.serverID, name: $0.name, signedIn: !$0.needsReconnect) }
}

/// Signed out (needs the listener) beats another server at the address
/// beats offline (fixes itself) beats the keyring warning (informational).
public func selectBanner(_ s: AppState) -> BannerState? {
  let connections = s.connections
  if let server = connections.servers.first(where: \.needsReconnect) {
    return BannerState(
      message: trFormat("You were signed out of %@.", server.name), actionLabel: tr("Reconnect"),
      action: .connections(.reconnectRequested(serverID: server.serverID)))
  }
  if let server = connections.servers.first(where: { connections.differentServers[$0.serverID] != nil }),
    let stranger = connections.differentServers[server.serverID]
  {
    let address = server.baseURL.host.map { host in server.baseURL.port.map { "\(host):\($0)" } ?? host } ?? ""
    // The listener's three ways on: wait for theirs (Try Again), take the
    // newcomer as a server of its own, or let the old one go. Forgetting it
    // sends the stranger nothing: the sign-out's revoke waits for an
    // identity check the stranger fails.
    return BannerState(
      message: trFormat(
        "A different server, “%1$@”, now answers at %2$@. Hark does not send it your sign-in and keeps your place on %3$@ until it is back.",
        stranger, address, server.name),
      actionLabel: tr("Try Again"), action: .connections(.identityRecheckRequested(serverID: server.serverID)),
      choices: [
        BannerChoice(
          label: trFormat("Connect to “%@”", stranger),
          command: .dispatch([
            .connections(.addServerRequested), .connections(.addressSubmitted(server.baseURL.absoluteString)),
          ])),
        BannerChoice(
          label: trFormat("Sign Out of %@", server.name), command: .signOut(serverID: server.serverID, name: server.name)),
      ])
  }
  let offline = connections.servers.filter { connections.unreachable.contains($0.serverID) }
  if offline.count == 1 {
    return BannerState(
      message: trFormat(
        "%@ is offline. Its library shows as last seen; Hark keeps your place and reconnects on its own.",
        offline[0].name))
  }
  if offline.count > 1 {
    return BannerState(
      message: String(
        format: trPlural(
          "%d server is offline. Its library shows as last seen; Hark keeps your place and reconnects on its own.",
          "%d servers are offline. Their libraries show as last seen; Hark keeps your place and reconnects on its own.",
          offline.count),
        offline.count))
  }
  // Once the listener opted into the private file, Preferences says where
  // sign-ins live; the window need not keep warning.
  if selectSignInStorage(s).choice == .memory && !connections.servers.isEmpty {
    return BannerState(message: (connections.keyringProblem ?? .notRunning).banner)
  }
  return nil
}
