import Foundation

/// Something loaded from a server.
public enum Loadable<Value: Equatable & Sendable>: Equatable, Sendable {
  case loading
  case loaded(Value)
  case failed(String)
}

/// Every server Hark knows, what it has loaded from each, and the Add
/// Server flow while it is open.
public struct ConnectionsState: Equatable, Sendable {
  /// Signed-in servers, in the order they were added.
  public var servers: [ServerConnection] = []
  /// Libraries per server id.
  public var libraries: [String: Loadable<[LibrarySummary]>] = [:]
  /// Servers signed out of, newest first: offered again in Add Server.
  public var remembered: [RememberedServer] = []
  /// Servers that did not answer the last request (network error or timeout).
  public var unreachable: Set<String> = []
  /// Servers whose address another server answers now: server id → the
  /// name that server gives. Still signed in; nothing is sent until it is back.
  public var differentServers: [String: String] = [:]
  /// Servers being signed out of, and how far: their unsent places are
  /// sent first (`flushProgress`), the token goes once that is answered,
  /// and the server is forgotten once the token is gone (`signedOut`).
  /// Nothing new (a download) starts meanwhile.
  public var signingOut: [String: SignOutStep] = [:]
  /// Places that could not be sent before a sign-out, per server id: kept
  /// on this computer, sent when the listener signs in to it again. Read
  /// again from the queue on disk at start (`unsentCounted`).
  public var unsentKept: [String: Int] = [:]
  /// The Add Server / Reconnect flow, nil while closed.
  public var signIn: SignInState?
  /// Why the keyring cannot keep sign-ins (none runs, or it has no default
  /// collection): tokens then last for this run only. Nil while it can.
  public var keyringProblem: KeyringProblem?
  public var keyringUnavailable: Bool { keyringProblem != nil }
  /// The listener's opt-in: without a keyring, keep sign-ins in a file only
  /// they can read instead of forgetting them at quit. Never used while a
  /// keyring answers (`SecretStoreChoice`).
  public var keepsSignInInFile = false
  /// What each server offers (`/server` capabilities), read with its
  /// libraries at start, sign-in and every reconnect.
  public var capabilities: [String: ServerCapabilities] = [:]
  /// Personal API keys per server id, loaded when Preferences shows them.
  public var apiKeys: [String: Loadable<[APIKeySummary]>] = [:]
  /// A key just created: its secret is shown once, then dropped from memory.
  public var revealedAPIKey: RevealedAPIKey?

  public init() {}

  public func server(_ id: String) -> ServerConnection? { servers.first { $0.serverID == id } }
}

/// Where a sign-out stands (`ConnectionsState.signingOut`).
public enum SignOutStep: Equatable, Sendable {
  /// The server's unsent places are being sent.
  case sendingPlaces
  /// The token is being revoked and forgotten.
  case revoking
}

/// The Add Server flow: an address (or a pasted link), then the server's
/// sign-in methods.
public struct SignInState: Equatable, Sendable {
  public enum Step: Equatable, Sendable {
    /// Typing an address or pasting a pairing or invite link.
    case address
    /// Asking the server who it is.
    case checking
    /// Choosing invite code, password or demo.
    case chooseMethod(ServerPreview)
    /// Waiting for the server to accept the credentials.
    case signingIn(ServerPreview)
  }

  public var step: Step = .address
  /// What the listener typed, kept so Back and Reconnect show it again.
  public var address: String = ""
  /// A credential that came inside a pasted link, used once the server is known.
  public var pendingMethod: SignInMethod?
  /// The last failure, shown inline in the server's own words.
  public var error: String?

  public init(address: String = "") { self.address = address }
}

/// How to get a session token.
public enum SignInMethod: Equatable, Sendable {
  case inviteCode(String)
  case password(username: String, password: String)
  case demo
  /// From an `audiosilo://connect` or `…/web/connect?token=` link.
  case pairingToken(String)
}

/// A personal API key as listed (the secret is never listed).
public struct APIKeySummary: Equatable, Sendable, Identifiable {
  public var id: Int
  public var label: String
  public var created: String

  public init(id: Int, label: String, created: String) {
    self.id = id
    self.label = label
    self.created = created
  }
}

/// The one moment a new API key's secret is visible.
public struct RevealedAPIKey: Equatable, Sendable, CustomStringConvertible {
  public var serverID: String
  public var label: String
  public var secret: String

  public init(serverID: String, label: String, secret: String) {
    self.serverID = serverID
    self.label = label
    self.secret = secret
  }

  /// Never print the secret (state dumps, test failures, logs).
  public var description: String { "RevealedAPIKey(\(serverID), \(label), secret: <redacted>)" }
}
