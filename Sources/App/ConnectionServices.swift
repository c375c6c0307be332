import CGLib
import Foundation
import GObjectKit
import HarkCore
import Persistence

/// Runs the connection effects: talks to servers through `AudioSiloClient`,
/// keeps tokens in the `SecretStore`, the server list on disk, and reports
/// back as actions. Who is signed in, and whether the server at an address
/// is still the one that issued the token, is the store's to say
/// (`ConnectionsState`): an effect that needs a client carries it as a
/// `ServerAccess`, and a session it counts on but that is not here comes
/// back as `.sessionMissing`, never as silence.
///
/// Every call's outcome also feeds reachability: an answer (even a 500)
/// means reachable; a network error or timeout means unreachable; a cancel
/// means nothing (REFERENCE-BEHAVIOR §16).
@MainActor
final class ConnectionServices {
  private let transport: any HTTPTransport
  private let secrets: SecretStorage
  var secretStore: Task<any SecretStore, Never> { secrets.store }
  /// The signed-in and signed-out server lists, read and saved off the main thread.
  let serverLists: ServerLists
  /// `$XDG_DATA_HOME/hark`, or a test's own folder.
  private let dataDirectory: URL
  private let deviceName: String
  /// Reports outcomes to the store.
  let dispatch: @MainActor (Action) -> Void
  /// Each server's client holding its session token: the token read from
  /// the keyring at start or on first use, or just issued at sign-in, kept
  /// in memory so a request does not wait on the keyring. A cache of
  /// connections, not a record of who is signed in: it is asked only with
  /// a `ServerAccess` the store gave (or for a server the store named), an
  /// entry goes when its token does (sign-out, or a 401), and a miss the
  /// keyring cannot fill is reported to the store (`sessionMissing`).
  private var clients: [String: AudioSiloClient] = [:] {
    didSet { clientsForSync.replace(with: clients) }
  }
  private let clientsForSync = ClientsForSync()
  /// One `server_id` check per server, shared by every client of it.
  private var identities: [String: ServerIdentityCheck] = [:]
  /// One pacer per server address: all requests to a server share its rate limit.
  private var pacers: [URL: RequestPacer] = [:]
  /// The on-disk mirror and offline queue of listening positions, opened
  /// on first use, or ahead of it by `openListeningStoreAhead()`.
  private lazy var syncer: ProgressSyncer? = openListeningStore()
  private var storeAhead: StartedAhead<Result<ListeningStore, any Error>>?
  /// The library as last seen, in the same database (see `LastSeenCalls`).
  private(set) lazy var libraryCache: LibraryCache? = syncer.map { LibraryCache(store: $0.store) }

  init(
    transport: any HTTPTransport, secrets: SecretStorage,
    serverList: any ServerListStorage<ServerConnection>,
    rememberedList: (any ServerListStorage<RememberedServer>)? = nil,
    deviceName: String,
    dataDirectory: URL = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("hark"),
    dispatch: @escaping @MainActor (Action) -> Void
  ) {
    self.dispatch = dispatch
    self.transport = transport
    self.secrets = secrets
    self.deviceName = deviceName
    self.dataDirectory = dataDirectory
    serverLists = ServerLists(
      signedIn: serverList,
      signedOut: rememberedList ?? ServerListFile(name: "remembered-servers.json", directory: dataDirectory))
  }

  /// Starts opening the database (on a first start, creating and migrating
  /// it: 5–10 ms) on a thread of its own, so that the window is built
  /// meanwhile instead of after it; its first use waits for it.
  func openListeningStoreAhead() {
    guard storeAhead == nil else { return }
    let path = listeningStorePath
    storeAhead = StartedAhead("hark-open-db") { Result { try ListeningStore(path: path) } }
  }

  private var listeningStorePath: String { dataDirectory.appendingPathComponent("listening.sqlite").path }

  /// Opens `$XDG_DATA_HOME/hark/listening.sqlite`. Without it Hark still
  /// runs, but positions are not mirrored offline (said once on stderr).
  private func openListeningStore() -> ProgressSyncer? {
    let path = listeningStorePath
    do {
      let store = try storeAhead?.value.get() ?? ListeningStore(path: path)
      // A miss leaves the queued places where they are (sent later), so it
      // needs no report.
      return ProgressSyncer(store: store) { [clientsForSync] serverID in clientsForSync.client(serverID) }
    } catch {
      printToStandardError("hark: could not open \(path): \(error)")
      return nil
    }
  }

  func run(_ effect: Effect) {
    switch effect {
    case .restoreServers:
      Task { await restore() }
    case .checkServer(let url):
      Task { await checkServer(url) }
    case .signIn(let method, let preview):
      Task { await signIn(method, preview) }
    case .loadLibraries(let access):
      Task { await loadLibraries(access) }
    case .signOut(let access):
      Task { await signOut(access) }
    case .saveServers(let servers):
      serverLists.save(servers)
    case .saveRememberedServers(let servers):
      serverLists.save(servers)
    case .probeServers(let servers):
      for access in servers { Task { await probe(access) } }
    case .loadAPIKeys(let access):
      Task { await loadAPIKeys(access) }
    case .createAPIKey(let access, let label):
      Task { await createAPIKey(access, label) }
    case .revokeAPIKey(let access, let id):
      Task { await revokeAPIKey(access, id) }
    case .keepSignInInFile(let on):
      secrets.keepInFile(on)
    case .flushProgress(let serverID):
      Task { await flushProgress(serverID) }
    case .seedProgress(let serverID):
      Task { await seedProgress(serverID) }
    default:
      // `AppServices` hands over only what `Effect.owner` says is ours: a
      // routing mistake stops a debug build (the tests) here.
      assertionFailure()
    }
  }

  private func client(for baseURL: URL, serverID: String?) -> AudioSiloClient {
    // The GLib sleeps: `Task.sleep` would wake libdispatch's pool monitor.
    let pacer = pacers[baseURL] ?? RequestPacer(sleep: { try await MainLoopSleep.sleep(for: $0) })
    pacers[baseURL] = pacer
    let identity = serverID.map { id in identities[id] ?? ServerIdentityCheck(serverID: id) }
    if let identity { identities[identity.serverID] = identity }
    return AudioSiloClient(
      baseURL: baseURL, token: nil, transport: transport, pacer: pacer, sleep: { try await MainLoopSleep.sleep(for: $0) },
      onAuthFailure: serverID.map { id in
        { @Sendable in
          Task { @MainActor [weak self] in
            // The token is refused: the cache stops offering it, as the
            // store stops asking (`needsReconnect`).
            self?.clients[id] = nil
            self?.dispatch(.connections(.authorizationLost(serverID: id)))
          }
        }
      },
      identity: identity,
      onDifferentServer: serverID.map { id in
        { @Sendable name in
          Task { @MainActor [weak self] in self?.dispatch(.connections(.differentServerAnswered(serverID: id, name: name))) }
        }
      })
  }

  /// Keeps a session's token in memory, in the client every request to
  /// its server then goes through.
  func holdSession(_ token: String, serverID: String, baseURL: URL) {
    clients[serverID] = client(for: baseURL, serverID: serverID).withToken(token)
  }

  /// The client for a server the store counts as signed in: the cached one
  /// while its address holds, else one built on the keyring's token. No
  /// token: the store hears of it (`sessionMissing`) and nil comes back.
  func client(_ access: ServerAccess) async -> AudioSiloClient? {
    if let cached = cachedClient(access) { return cached }
    let token = try? await secretStore.value.load(.session(serverID: access.serverID))
    // Asked again meanwhile (a sign-in, or a second call), the newer wins.
    if let cached = cachedClient(access) { return cached }
    guard let token else { return missing(access.serverID) }
    let built = client(for: access.baseURL, serverID: access.serverID).withToken(token)
    clients[access.serverID] = built
    return built
  }

  /// The cached client when it is for the address the store knows.
  private func cachedClient(_ access: ServerAccess) -> AudioSiloClient? {
    guard let cached = clients[access.serverID], cached.baseURL == access.baseURL else { return nil }
    return cached
  }

  private func missing(_ serverID: String) -> AudioSiloClient? {
    dispatch(.connections(.sessionMissing(serverID: serverID)))
    return nil
  }

  private func checkServer(_ url: URL) async {
    do throws(APIError) {
      let info = try await client(for: url, serverID: nil).serverInfo()
      let preview = ServerPreview(
        baseURL: url, serverID: info.serverID, name: info.name,
        acceptsPassword: info.auth.acceptsPassword, acceptsInviteCode: info.auth.acceptsInviteCode,
        offersDemo: info.demo?.enabled ?? false)
      dispatch(.connections(.serverChecked(.success(preview))))
    } catch {
      dispatch(.connections(.serverChecked(.failure(FailureMessage(checkFailure(error, url))))))
    }
  }

  private func checkFailure(_ error: APIError, _ url: URL) -> String {
    switch error {
    case .server(404, _), .invalidResponse:
      return trFormat("%@ answered, but it is not an AudioSilo server.", url.host ?? url.absoluteString)
    case .unreachable:
      return trFormat(
        "Hark could not reach %@. Check the address and your connection.", url.host ?? url.absoluteString)
    default:
      return error.userMessage
    }
  }

  private func signIn(_ method: SignInMethod, _ preview: ServerPreview) async {
    let anonymous = client(for: preview.baseURL, serverID: nil)
    do throws(APIError) {
      let session: AuthSession
      switch method {
      case .inviteCode(let code):
        let pairing = try await anonymous.redeem(code: code)
        session = try await anonymous.exchange(pairingToken: pairing.pairingToken, deviceName: deviceName)
      case .pairingToken(let token):
        session = try await anonymous.exchange(pairingToken: token, deviceName: deviceName)
      case .password(let username, let password):
        session = try await anonymous.login(username: username, password: password, deviceName: deviceName)
      case .demo:
        session = try await anonymous.demoSession(deviceName: deviceName)
      }
      let serverID = session.serverID ?? preview.serverID
      // TRANSLATORS: the name of a sign-in in the desktop keyring (Passwords and Keys).
      let label = trFormat("Hark session for %@", preview.name)
      do throws(SecretStoreError) {
        try await secretStore.value.save(session.token, for: .session(serverID: serverID), label: label)
      } catch {
        // The token still works for this run: keep it where a Hark without
        // a keyring would, and let the banner say why it won't be remembered.
        dispatch(.connections(.keyringCouldNotKeepSignIn(KeyringProblem(error))))
        try? await secrets.keyringCouldNotKeep().value.save(
          session.token, for: .session(serverID: serverID), label: label)
      }
      holdSession(session.token, serverID: serverID, baseURL: preview.baseURL)
      let connection = ServerConnection(
        serverID: serverID, name: preview.name, baseURL: preview.baseURL, username: session.user.username,
        isDemo: session.user.isDemo)
      dispatch(.connections(.signInFinished(.success(connection))))
    } catch {
      dispatch(.connections(.signInFinished(.failure(FailureMessage(error.userMessage)))))
    }
  }

  private func loadLibraries(_ access: ServerAccess) async {
    let serverID = access.serverID
    // No token: answered by the store (`sessionMissing` → "Reconnect…").
    guard let client = await client(access) else { return }
    // At start, after sign-in and on every offline → online edge: the
    // address may have changed hands meanwhile, so ask who answers first.
    await identities[serverID]?.forget()
    do throws(APIError) {
      let answer = try await lastSeen(.libraries(serverID)) { () throws(APIError) in try await client.libraries() }
        .get()
      let summaries = answer.value.map { LibrarySummary(id: $0.id, name: $0.name) }
      // Offline: the libraries as last seen, so the home shelves and
      // folders can be read from the cache too. Nothing to send or seed.
      guard answer.standsInFor == nil else {
        dispatch(.connections(.librariesLoaded(serverID: serverID, .success(summaries))))
        return
      }
      // Its queued saves go next (`flushProgress`, the reducer's answer).
      dispatch(.connections(.librariesLoaded(serverID: serverID, .success(summaries))))
      // What the server offers can change between runs (metadata switched
      // on, an upgrade): read it on every (re)connect.
      if let info = try? await client.serverInfo() {
        dispatch(.connections(.capabilitiesLoaded(serverID: serverID, info.capabilities)))
      }
    } catch {
      // `lastSeen` has fed reachability already.
      dispatch(.connections(.librariesLoaded(serverID: serverID, .failure(FailureMessage(error.userMessage)))))
    }
  }

  /// Sends the places saved while the server was away (waiting for a
  /// flush of it already under way).
  private func flushProgress(_ serverID: String) async {
    let remaining = await syncer?.flush(serverID: serverID).remaining ?? 0
    dispatch(.connections(.progressFlushed(serverID: serverID, remaining: remaining)))
  }

  /// The mirror from the server's `GET /me/progress`, never over a newer
  /// local place; nothing to seed without the listening database.
  private func seedProgress(_ serverID: String) async {
    let outcome: Result<Int, FailureMessage>
    if let syncer {
      do { outcome = .success(try await syncer.seed(serverID: serverID)) } catch {
        outcome = .failure(FailureMessage(error.localizedDescription))
      }
    } else {
      outcome = .success(0)
    }
    dispatch(.connections(.progressSeeded(serverID: serverID, outcome)))
  }

  /// The store asks for it once the unsent places were sent or kept
  /// (`flushProgress` came first, and its answer).
  private func signOut(_ access: ServerAccess) async {
    let serverID = access.serverID
    if let client = cachedClient(access) {
      // Revoke on the server first (once it has shown it is the server that
      // issued the token: another one at the address never gets it); if it
      // cannot be reached the token is still dropped here, so this device
      // holds nothing that signs in.
      await identities[serverID]?.forget()
      try? await client.logout()
    }
    clients[serverID] = nil
    // Nothing of the server's library stays on this device.
    libraryCache?.forget(serverID: serverID)
    try? await secretStore.value.deleteAll(serverID: serverID)
    dispatch(.connections(.signedOut(serverID: serverID)))
  }

  /// The sessions whose tokens Hark could not keep (no keyring, or one that
  /// would not save them, and no private file): of no use to anyone after
  /// this run, so they are revoked on their servers at quit.
  var sessionsNotKept: [AudioSiloClient] {
    secrets.forgetsSignInsAtQuit ? Array(clients.values) : []
  }

  private func probe(_ access: ServerAccess) async {
    let serverID = access.serverID
    guard let client = await client(access) else { return }
    do throws(APIError) {
      _ = try await client.serverInfo()
      noteReachable(serverID, true)
    } catch {
      note(error, serverID)
    }
  }

  /// The durable mirror and offline queue, for the other services.
  var progressSyncer: ProgressSyncer? { syncer }

  /// The cached client of a server named by id only, for what does not
  /// carry the store's `ServerAccess` yet: the listening spans
  /// (`PlaybackServices`, `recordListening`) and the GNOME Shell search
  /// provider. A miss is reported to the store, which answers it
  /// (`sessionMissing`).
  func signedInClient(_ serverID: String) -> AudioSiloClient? {
    clients[serverID] ?? missing(serverID)
  }

  /// Whether a session for the server is in memory (nothing reported).
  func holdsSession(_ serverID: String) -> Bool { clients[serverID] != nil }

  /// The client whose token may go into a stream's headers: only for a
  /// server the store trusts (no other server answered at its address).
  func streamingClient(_ access: ServerAccess?) -> AudioSiloClient? {
    guard let access, access.trusted else { return nil }
    return cachedClient(access) ?? missing(access.serverID)
  }

  /// Feeds a call made by another service into the server's reachability.
  func record(_ error: APIError?, serverID: String) {
    if let error { note(error, serverID) } else { noteReachable(serverID, true) }
  }

  func note(_ error: APIError, _ serverID: String) {
    if error == .cancelled { return }
    noteReachable(serverID, error.serverAnswered)
  }

  private func noteReachable(_ serverID: String, _ reachable: Bool) {
    dispatch(.connections(.reachabilityChanged(serverID: serverID, reachable: reachable)))
  }
}
