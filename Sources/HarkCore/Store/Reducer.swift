/// Applies `action` to `state` and returns the effects it calls for.
///
/// Pure: no clock, no I/O, no randomness. Anything from the outside world
/// arrives on the action, so the same state and action always give the same result.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
  switch action {
  case .ui(.backRequested):
    return goBack(&state)
  case .ui(let uiAction):
    return reduceUI(&state.navigation, uiAction)
  case .settings(let settingsAction):
    return reduceSettings(&state.settings, settingsAction) + downloadsAfterSettings(&state)
  case .timer(.fired(let id, let at)):
    if id == .searchDebounce { return searchNow(&state) }
    if let timer = playbackTimer(id) {
      return reducePlayer(&state, .playback(.timerFired(timer), at: at))
    }
    if id == .upNextTick { return upNextTicked(&state, now: at) }
    if id == .downloadDeleteExpired { return expireDeletedDownload(&state) }
    if id == .reachabilityProbe, !state.connections.unreachable.isEmpty {
      let away = state.connections.unreachable.sorted().compactMap { state.connections.access($0) }
      return away.isEmpty ? [] : [.probeServers(away)]
    }
    return []
  case .connections(let connectionsAction):
    var closing: [Effect] = []
    if case .signOutRequested(let serverID, let at) = connectionsAction, state.connections.server(serverID) != nil,
      state.connections.signingOut[serverID] == nil
    {
      // Its book stops and saves first; then its queued saves are sent
      // (`flushProgress`), and only their answer lets the token go.
      closing = reducePlayer(&state, .playback(.serverClosing(serverID: serverID, revokingToken: false), at: at))
    }
    // Downloads from a server the store no longer lets them use stop now,
    // in its words, rather than failing on their next request.
    closing += downloadsLosingServer(&state, connectionsAction)
    if case .signedOut(let serverID) = connectionsAction { state.library.forget(serverID: serverID) }
    var backOnline: String?
    if case .reachabilityChanged(let serverID, true) = connectionsAction,
      state.connections.unreachable.contains(serverID)
    {
      backOnline = serverID
    }
    var effects = reduceConnections(&state.connections, connectionsAction)
    if let backOnline { effects += reloadFailed(&state, serverID: backOnline) }
    return closing + effects + metadataNowOffered(&state, connectionsAction)
      + homeAfterLibraries(state, connectionsAction) + startDownloads(&state)
  case .library(let libraryAction):
    return reduceLibrary(&state, libraryAction)
  case .player(let playerAction):
    return reducePlayer(&state, playerAction)
  case .downloads(let downloadsAction):
    return reduceDownloads(&state, downloadsAction)
  case .localLibrary(let localAction):
    return reduceLocalLibrary(&state, localAction)
  }
}

/// Capabilities arrive with a server's libraries; a Book page opened before
/// that learns only now that the server offers community metadata.
private func metadataNowOffered(_ state: inout AppState, _ action: ConnectionsAction) -> [Effect] {
  guard case .capabilitiesLoaded(let serverID, let capabilities) = action, capabilities.metadata,
    let book = state.library.book, book.serverID == serverID, let extras = state.library.extras[book],
    extras.meta == nil, let reach = state.reach(serverID)
  else { return [] }
  return [.loadBookExtras(book, reach, favourites: false, metadata: true)]
}

/// Libraries load at start, after sign-in and on every reconnect: the
/// moments the home shelves should be read (again) too.
private func homeAfterLibraries(_ state: AppState, _ action: ConnectionsAction) -> [Effect] {
  guard case .librariesLoaded(let serverID, .success) = action, state.connections.server(serverID) != nil,
    let reach = state.reach(serverID)
  else { return [] }
  return [.loadHome(reach)]
}

func reduceUI(_ navigation: inout NavigationState, _ action: UIAction) -> [Effect] {
  switch action {
  case .pageSelected(let page):
    navigation.page = page
  case .nextPageRequested:
    navigation.page = navigation.page.next
  case .previousPageRequested:
    navigation.page = navigation.page.previous
  case .backRequested:
    break  // needs the library's state: `goBack`
  }
  return []
}

func reduceSettings(_ settings: inout Settings, _ action: SettingsAction) -> [Effect] {
  switch action {
  case .loaded(let loaded):
    // These came from GSettings; writing them back would be a pointless echo.
    // Clamp anyway: the stored values may predate the current ranges.
    settings = loaded.clamped()
    return []
  case .changed(let key, let value):
    let updated = settings.setting(key, to: value)
    // A spin button re-emitting the same value, or a value clamped back to the
    // current one, must not cause a write (and with it a GSettings change signal).
    guard updated != settings else { return [] }
    settings = updated
    return [.persistSetting(key, updated.value(for: key))]
  }
}
