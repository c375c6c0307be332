import Foundation

/// What the Add Server dialog shows.
public struct SignInViewState: Equatable, Sendable {
  public enum Step: Equatable, Sendable {
    case address
    /// A spinner with this caption.
    case working(String)
    case chooseMethod
  }

  public enum Method: String, Equatable, Sendable, CaseIterable {
    case inviteCode, password, demo
  }

  public var step: Step
  public var address: String
  public var serverName: String
  /// The methods the server accepts, in the order the dialog offers them.
  public var methods: [Method]
  public var error: String?
  /// Servers signed out of earlier, offered on the address step.
  public var recent: [RecentServerRow] = []

  public init(step: Step, address: String, serverName: String = "", methods: [Method] = [], error: String? = nil) {
    self.step = step
    self.address = address
    self.serverName = serverName
    self.methods = methods
    self.error = error
  }
}

/// The Add Server dialog's state, nil while it is closed.
public func selectSignIn(_ s: AppState) -> SignInViewState? {
  guard let flow = s.connections.signIn else { return nil }
  switch flow.step {
  case .address:
    var state = SignInViewState(step: .address, address: flow.address, error: flow.error)
    state.recent = selectRecentServers(s.connections)
    return state
  case .checking:
    return SignInViewState(step: .working(tr("Contacting the server…")), address: flow.address)
  case .signingIn(let preview):
    return SignInViewState(
      step: .working(trFormat("Signing in to %@…", preview.name)), address: flow.address, serverName: preview.name)
  case .chooseMethod(let preview):
    var methods: [SignInViewState.Method] = []
    if preview.acceptsInviteCode { methods.append(.inviteCode) }
    if preview.acceptsPassword { methods.append(.password) }
    if preview.offersDemo { methods.append(.demo) }
    return SignInViewState(
      step: .chooseMethod, address: flow.address, serverName: preview.name, methods: methods, error: flow.error)
  }
}
