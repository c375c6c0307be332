import Foundation

/// Servers and sign-in. Pure: addresses are parsed here, everything that
/// talks to a server or the keyring is an effect.
func reduceConnections(_ state: inout ConnectionsState, _ action: ConnectionsAction) -> [Effect] {
  switch action {
  case .launched:
    return [.restoreServers]

  case .restored(let servers):
    state.servers = servers
    // A server whose token is gone has nothing to load until the listener
    // reconnects: say so, rather than "loading" forever.
    for server in servers {
      state.libraries[server.serverID] =
        server.needsReconnect ? .failed(tr("Reconnect to see this server's libraries.")) : .loading
    }
    return servers.compactMap { state.access($0.serverID) }.map { .loadLibraries($0) }

  case .keyringAvailabilityChecked(let available):
    state.keyringProblem = available ? nil : .notRunning
    return []

  case .keyringCouldNotKeepSignIn(let problem):
    state.keyringProblem = problem
    return []

  case .capabilitiesLoaded(let serverID, let capabilities):
    if state.server(serverID) != nil { state.capabilities[serverID] = capabilities }
    return []

  case .keepSignInInFileLoaded(let on):
    state.keepsSignInInFile = on
    return []

  case .keepSignInInFileToggled(let on):
    guard on != state.keepsSignInInFile else { return [] }
    state.keepsSignInInFile = on
    return [.keepSignInInFile(on)]

  case .rememberedLoaded(let remembered):
    state.remembered = remembered.filter { old in !state.servers.contains { $0.serverID == old.serverID } }
    return []

  case .unsentCounted(let counts):
    // Only servers signed out of: a signed-in server's queue is its
    // offline saves, sent when it loads. A count the store already holds
    // (a sign-out since the read) is newer than this one.
    for server in state.remembered
    where state.server(server.serverID) == nil && state.unsentKept[server.serverID] == nil {
      if let count = counts[server.serverID], count > 0 { state.unsentKept[server.serverID] = count }
    }
    return []

  case .addServerRequested:
    if state.signIn == nil { state.signIn = SignInState() }
    return []

  case .addServerDismissed:
    state.signIn = nil
    return []

  case .addressSubmitted(let text):
    return submitAddress(&state, text)

  case .serverChecked(let result):
    guard var flow = state.signIn, flow.step == .checking else { return [] }
    defer { state.signIn = flow }
    switch result {
    case .success(let preview) where LocalSource.isLocal(preview.serverID):
      // Its books would be taken for the ones on this computer.
      flow.step = .address
      flow.pendingMethod = nil
      flow.error = trFormat(
        "This server calls itself “%@”, the name Hark keeps for this computer's own books.", preview.serverID)
    case .success(let preview):
      flow.error = nil
      if let pending = flow.pendingMethod {
        flow.pendingMethod = nil
        flow.step = .signingIn(preview)
        return [.signIn(pending, preview)]
      }
      flow.step = .chooseMethod(preview)
    case .failure(let failure):
      flow.step = .address
      flow.pendingMethod = nil
      flow.error = failure.text
    }
    return []

  case .inviteCodeSubmitted(let code):
    let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !code.isEmpty else { return refuse(&state, tr("Enter the invite code from your server's admin.")) }
    return startSignIn(&state, .inviteCode(code))

  case .passwordSubmitted(let username, let password):
    let username = username.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !username.isEmpty, !password.isEmpty else { return refuse(&state, tr("Enter your username and password.")) }
    return startSignIn(&state, .password(username: username, password: password))

  case .demoRequested:
    guard case .chooseMethod(let preview) = state.signIn?.step, preview.offersDemo else { return [] }
    return startSignIn(&state, .demo)

  case .backToAddressRequested:
    state.signIn?.step = .address
    state.signIn?.error = nil
    state.signIn?.pendingMethod = nil
    return []

  case .signInFinished(.success(let connection)):
    if let index = state.servers.firstIndex(where: { $0.serverID == connection.serverID }) {
      state.servers[index] = connection
    } else {
      state.servers.append(connection)
    }
    state.signIn = nil
    state.unreachable.remove(connection.serverID)
    state.libraries[connection.serverID] = .loading
    state.unsentKept[connection.serverID] = nil
    var effects: [Effect] = [.saveServers(state.servers)] + (state.access(connection.serverID).map { [.loadLibraries($0)] } ?? [])
    if state.remembered.contains(where: { $0.serverID == connection.serverID }) {
      state.remembered.removeAll { $0.serverID == connection.serverID }
      effects.append(.saveRememberedServers(state.remembered))
    }
    return effects

  case .signInFinished(.failure(let failure)):
    guard var flow = state.signIn, case .signingIn(let preview) = flow.step else { return [] }
    flow.step = .chooseMethod(preview)
    flow.error = failure.text
    state.signIn = flow
    return []

  case .reconnectRequested(let serverID):
    guard let server = state.server(serverID) else { return [] }
    var flow = SignInState(address: server.baseURL.absoluteString)
    flow.step = .checking
    state.signIn = flow
    return [.checkServer(server.baseURL)]

  case .differentServerAnswered(let serverID, let name):
    guard state.server(serverID) != nil else { return [] }
    state.differentServers[serverID] = name
    return []

  case .identityRecheckRequested(let serverID):
    guard let access = state.access(serverID) else { return [] }
    state.libraries[serverID] = .loading
    return [.loadLibraries(access)]

  case .librariesLoaded(let serverID, let result):
    guard state.server(serverID) != nil else { return [] }
    switch result {
    case .success(let libraries):
      state.libraries[serverID] = .loaded(libraries)
      // Loaded with the token, so the server that issued it answered.
      state.differentServers[serverID] = nil
      // At sign-in, at start and on every offline→online edge: the moment
      // to send the places saved while away, then refresh the mirror from
      // the server (`progressFlushed`). Not when the libraries are the ones
      // last seen, standing in for a server that did not answer (its
      // reachability was recorded just before).
      if !state.unreachable.contains(serverID) { return [.flushProgress(serverID: serverID)] }
    case .failure(let failure): state.libraries[serverID] = .failed(failure.text)
    }
    return []

  case .progressFlushed(let serverID, let remaining):
    guard let server = state.server(serverID) else { return [] }
    switch state.signingOut[serverID] {
    case .sendingPlaces:
      // Sent, or kept on this computer for the next sign-in: either way
      // no place is lost, and the token can go now.
      state.signingOut[serverID] = .revoking
      if remaining > 0 { state.unsentKept[serverID] = remaining }
      return [.signOut(signOutAccess(state, server))]
    case .revoking: return []
    case nil: break
    }
    return [.seedProgress(serverID: serverID)]

  case .progressSeeded:
    // The mirror is the syncer's; nothing on screen reads it from here.
    return []

  case .authorizationLost(let serverID):
    guard let index = state.servers.firstIndex(where: { $0.serverID == serverID }),
      !state.servers[index].needsReconnect
    else { return [] }
    state.servers[index].needsReconnect = true
    return [.saveServers(state.servers)]

  case .sessionMissing(let serverID):
    // Answered as a lost session: "Sign in again", not silence. Not while
    // signing out, which drops the token on purpose.
    guard let index = state.servers.firstIndex(where: { $0.serverID == serverID }),
      !state.servers[index].needsReconnect, state.signingOut[serverID] == nil
    else { return [] }
    state.servers[index].needsReconnect = true
    if state.libraries[serverID] == .loading {
      state.libraries[serverID] = .failed(tr("Reconnect to see this server's libraries."))
    }
    if state.apiKeys[serverID] == .loading {
      state.apiKeys[serverID] = .failed(tr("Hark is not signed in to this server."))
    }
    return [.saveServers(state.servers)]

  case .reachabilityChanged(let serverID, let reachable):
    let wasUnreachable = state.unreachable.contains(serverID)
    let anyWasUnreachable = !state.unreachable.isEmpty
    if reachable { state.unreachable.remove(serverID) } else { state.unreachable.insert(serverID) }
    var effects: [Effect] = []
    // One probe timer while anything is unreachable, none otherwise.
    if !anyWasUnreachable && !state.unreachable.isEmpty {
      effects.append(.startTimer(.reachabilityProbe, after: .seconds(20), repeating: true))
    } else if anyWasUnreachable && state.unreachable.isEmpty {
      effects.append(.cancelTimer(.reachabilityProbe))
    }
    // Back online: refresh what is on screen (once per offline→online edge).
    if wasUnreachable, reachable, let access = state.access(serverID) {
      state.libraries[serverID] = .loading
      effects.append(.loadLibraries(access))
    }
    return effects

  case .apiKeysRequested(let serverID):
    guard state.server(serverID) != nil else { return [] }
    guard let access = state.access(serverID) else {
      // Waiting for a sign-in again: answered here, nothing to ask.
      state.apiKeys[serverID] = .failed(tr("Hark is not signed in to this server."))
      return []
    }
    if state.apiKeys[serverID] == nil { state.apiKeys[serverID] = .loading }
    return [.loadAPIKeys(access)]

  case .preferencesOpened:
    return state.servers.filter { !$0.needsReconnect && !$0.isDemo }.flatMap {
      reduceConnections(&state, .apiKeysRequested(serverID: $0.serverID))
    }

  case .apiKeysLoaded(let serverID, let result):
    guard state.server(serverID) != nil else { return [] }
    switch result {
    case .success(let keys): state.apiKeys[serverID] = .loaded(keys)
    case .failure(let failure): state.apiKeys[serverID] = .failed(failure.text)
    }
    return []

  case .apiKeyCreationRequested(let serverID, let label):
    let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let access = state.access(serverID), !label.isEmpty else { return [] }
    return [.createAPIKey(access, label: label)]

  case .apiKeyCreated(let serverID, .success(let revealed)):
    state.revealedAPIKey = revealed
    return state.access(serverID).map { [.loadAPIKeys($0)] } ?? []

  case .apiKeyCreated(let serverID, .failure(let failure)):
    state.apiKeys[serverID] = .failed(failure.text)
    return state.access(serverID).map { [.loadAPIKeys($0)] } ?? []

  case .apiKeyRevocationRequested(let serverID, let id):
    guard let access = state.access(serverID) else { return [] }
    return [.revokeAPIKey(access, id: id)]

  case .revealedAPIKeyDismissed:
    state.revealedAPIKey = nil
    return []

  case .signOutRequested(let serverID, _):
    guard state.server(serverID) != nil, state.signingOut[serverID] == nil else { return [] }
    // The listener's unsent places go first, while the token still works;
    // the sign-out follows their answer (`progressFlushed`).
    state.signingOut[serverID] = .sendingPlaces
    return [.flushProgress(serverID: serverID)]

  case .signedOut(let serverID):
    let wasProbing = !state.unreachable.isEmpty
    if let server = state.server(serverID) {
      state.remembered.removeAll { $0.serverID == serverID }
      state.remembered.insert(
        RememberedServer(serverID: serverID, name: server.name, baseURL: server.baseURL), at: 0)
    }
    state.servers.removeAll { $0.serverID == serverID }
    state.libraries[serverID] = nil
    state.apiKeys[serverID] = nil
    state.capabilities[serverID] = nil
    state.unreachable.remove(serverID)
    state.differentServers[serverID] = nil
    state.signingOut[serverID] = nil
    let stopProbe: [Effect] = wasProbing && state.unreachable.isEmpty ? [.cancelTimer(.reachabilityProbe)] : []
    return [.saveServers(state.servers), .saveRememberedServers(state.remembered)] + stopProbe
  }
}

/// The server as a sign-out needs it: its address whatever its state (a
/// server waiting for a sign-in again is signed out of too).
private func signOutAccess(_ state: ConnectionsState, _ server: ServerConnection) -> ServerAccess {
  ServerAccess(
    serverID: server.serverID, baseURL: server.baseURL, trusted: state.differentServers[server.serverID] == nil)
}

private func submitAddress(_ state: inout ConnectionsState, _ text: String) -> [Effect] {
  var flow = state.signIn ?? SignInState()
  let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
  flow.address = trimmed
  flow.error = nil
  flow.pendingMethod = nil
  defer { state.signIn = flow }
  guard !trimmed.isEmpty else {
    flow.error = tr("Enter your server's address, or paste a link from it.")
    return []
  }
  let base: URL
  switch PairingLink.parse(trimmed) {
  case .pairing(let server, let token):
    base = server
    flow.pendingMethod = .pairingToken(token)
  case .invite(let server, let code):
    base = server
    flow.pendingMethod = .inviteCode(code)
  case nil:
    guard let url = ServerAddress.normalize(trimmed) else {
      flow.error = trFormat("“%@” is not a server address Hark can use. Try one like books.example.com.", trimmed)
      return []
    }
    base = url
  }
  flow.step = .checking
  return [.checkServer(base)]
}

private func startSignIn(_ state: inout ConnectionsState, _ method: SignInMethod) -> [Effect] {
  guard case .chooseMethod(let preview) = state.signIn?.step else { return [] }
  state.signIn?.step = .signingIn(preview)
  state.signIn?.error = nil
  return [.signIn(method, preview)]
}

private func refuse(_ state: inout ConnectionsState, _ message: String) -> [Effect] {
  state.signIn?.error = message
  return []
}
