import Foundation

/// What happened to servers, sign-in and what was loaded from them.
public enum ConnectionsAction: Equatable, Sendable {
  /// Hark started: restore what it was signed in to (`restoreServers`).
  case launched
  /// At launch: the saved servers; those whose token the keyring no longer
  /// holds are marked `needsReconnect`.
  case restored([ServerConnection])
  case keyringAvailabilityChecked(available: Bool)
  /// Saving a sign-in to the keyring failed: it lives in memory (or the
  /// opted-in private file) from now on, and the listener is told why.
  case keyringCouldNotKeepSignIn(KeyringProblem)
  /// At launch: the stored private-file opt-in.
  case keepSignInInFileLoaded(Bool)
  /// The listener flipped the opt-in in Preferences.
  case keepSignInInFileToggled(Bool)
  /// At launch: servers signed out of earlier.
  case rememberedLoaded([RememberedServer])
  /// At launch: the places still queued on this computer, per server id.
  /// For a server signed out of, they are the ones it refused at sign-out
  /// (`unsentKept`), still sent at the next sign-in.
  case unsentCounted([String: Int])

  case addServerRequested
  case addServerDismissed
  /// An address typed, or a pairing / invite link pasted or opened.
  case addressSubmitted(String)
  case serverChecked(Result<ServerPreview, FailureMessage>)
  case inviteCodeSubmitted(String)
  case passwordSubmitted(username: String, password: String)
  case demoRequested
  case backToAddressRequested
  case signInFinished(Result<ServerConnection, FailureMessage>)
  /// "Reconnect" on a server that answered 401, or from the servers list.
  case reconnectRequested(serverID: String)

  case librariesLoaded(serverID: String, Result<[LibrarySummary], FailureMessage>)
  case capabilitiesLoaded(serverID: String, ServerCapabilities)
  /// The server's queued saves were sent (`flushProgress`); `remaining`
  /// are still queued (no answer, or the server failed on them).
  case progressFlushed(serverID: String, remaining: Int)
  /// The listening mirror was refreshed from the server (`seedProgress`):
  /// how many places changed, or why it could not be read.
  case progressSeeded(serverID: String, Result<Int, FailureMessage>)
  /// A call to this server was refused with 401.
  case authorizationLost(serverID: String)
  /// Work for a server the store counts as signed in found no session
  /// token for it (the keyring lost it, or it was removed there): answered
  /// as a lost session, "Sign in again".
  case sessionMissing(serverID: String)
  /// Another server (its own `server_id`, called `name`) answers at this
  /// server's address: nothing is sent to it with the token.
  case differentServerAnswered(serverID: String, name: String)
  /// "Try Again" on that state: check who answers, then load as usual.
  case identityRecheckRequested(serverID: String)
  /// The server answered (reachable) or did not (network error, timeout).
  case reachabilityChanged(serverID: String, reachable: Bool)

  case apiKeysRequested(serverID: String)
  /// Preferences opened: fresh key lists for each server it can ask (not
  /// one waiting for sign-in again, not the demo).
  case preferencesOpened
  case apiKeysLoaded(serverID: String, Result<[APIKeySummary], FailureMessage>)
  case apiKeyCreationRequested(serverID: String, label: String)
  case apiKeyCreated(serverID: String, Result<RevealedAPIKey, FailureMessage>)
  case apiKeyRevocationRequested(serverID: String, id: Int)
  /// The listener closed the one-time secret: forget it.
  case revealedAPIKeyDismissed

  /// Sign out; `at` stamps the last save of a book from that server that
  /// is playing (it stops first).
  case signOutRequested(serverID: String, at: Date)
  /// The token is revoked (or could not be, offline) and removed locally.
  case signedOut(serverID: String)
}
