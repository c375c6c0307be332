import Foundation

/// Plays books: turns a play request into the session's `PlayRequest`,
/// feeds the session, and turns what it asks for into app effects (its
/// timers become the store's timers; engine work, saves and lookups go to
/// the app's playback services).
func reducePlayer(_ state: inout AppState, _ action: PlayerAction) -> [Effect] {
  let effects = reducePlayerAction(&state, action)
  // Once a book is loaded, the last one is no longer what the bar offers.
  if state.player.session.nowPlaying != nil { state.player.remembered = nil }
  return effects
}

private func reducePlayerAction(_ state: inout AppState, _ action: PlayerAction) -> [Effect] {
  // The listener's setting, read at each action so a change applies at once.
  state.player.session.rules.autoRewindLimit = Double(state.settings.autoRewindSeconds)
  switch action {
  case .playRequested(let path, let start, let now):
    if let refused = refuseOfflinePlay(&state, path) { return refused }
    // The remembered book stays offered while its own play waits for the
    // book or the resume lookup; any other book replaces it.
    if state.player.remembered?.book != path { state.player.remembered = nil }
    guard case .loaded(let book)? = state.library.books[path] else {
      // Loaded first: the session needs the files and chapters, and a
      // folder path must never reach the engine.
      state.player.waiting = PendingPlay(book: path, start: start, requestedAt: now)
      if state.library.books[path] == nil || state.library.books[path].map(needsReload) == true {
        return loadBook(&state, path)
      }
      return []
    }
    state.player.waiting = nil
    return play(&state, path, book, start, now: now)
  case .playback(.toggle, let now) where state.player.session.nowPlaying == nil && state.player.remembered != nil:
    // The mini-player's Play on the remembered book: resume it.
    guard let remembered = state.player.remembered else { return [] }
    return reducePlayerAction(&state, .playRequested(remembered.book, .resume, at: now))
  case .lastPlaceRemembered(let path, let position):
    guard state.player.session.nowPlaying == nil, state.player.waiting == nil else { return [] }
    state.player.remembered = RememberedPlace(book: path, position: position)
    // Its title and chapters, for the mini-player.
    guard state.library.books[path] == nil else { return [] }
    return loadBook(&state, path)
  case .playback(let event, let now):
    let wasEnded = state.player.session.snapshot.state == .ended
    var effects = playbackEffects(&state, state.player.session.reduce(event, now: now))
    let session = state.player.session
    // The engine's words belong to the failure they came with.
    if session.failure == nil, session.snapshot.state != .error { state.player.engineMessage = nil }
    if session.snapshot.state == .ended, !wasEnded, let key = session.nowPlaying?.key {
      effects += beginUpNext(&state, finished: key)
    } else if session.snapshot.state != .ended, state.player.upNext != nil {
      effects += endUpNext(&state)  // played on (from the start again, a seek back)
    }
    return effects
  case .engineFailed(let message):
    state.player.engineMessage = message
    return []
  case .skipped(let direction, let now):
    let seconds =
      switch direction {
      case .back: -Double(state.settings.skipBackSeconds)
      case .forward: Double(state.settings.skipForwardSeconds)
      }
    return reducePlayerAction(&state, .playback(.skip(seconds: seconds), at: now))
  case .resumeRequested(let now):
    guard selectMediaPlayer(state).status == .paused else { return [] }
    return reducePlayerAction(&state, .playback(.toggle, at: now))
  case .rateStepped(let delta, let now):
    guard state.player.session.nowPlaying != nil else { return [] }
    // Rounded to the control's step, so repeated presses never drift.
    let steps = ((state.player.session.rate + delta) / Settings.defaultSpeedStep).rounded()
    let rate = steps * Settings.defaultSpeedStep
    return playbackEffects(&state, state.player.session.reduce(.setRate(rate), now: now))
  case .upNextPlayRequested(let now):
    return playUpNext(&state, now: now)
  case .upNextCountdownCancelled:
    return cancelUpNextCountdown(&state)
  case .bookmarkHereRequested:
    guard let key = state.player.session.nowPlaying?.key else { return [] }
    let position = state.player.session.bookPosition
    let serial = (state.player.bookmarkNotice?.serial ?? 0) + 1
    state.player.bookmarkNotice = BookmarkNotice(serial: serial, bookPosition: position)
    return reduceLibrary(&state, .bookmarkAddRequested(key, position: position, note: ""))
  }
}

/// A book finished loading: start it if Play was waiting for it.
func playWaiting(_ state: inout AppState, loaded path: LibraryPath) -> [Effect] {
  guard let waiting = state.player.waiting, waiting.book == path else { return [] }
  state.player.waiting = nil
  guard case .loaded(let book)? = state.library.books[path] else { return [] }
  // The session is told the time Play was pressed: the reducer reads no clock.
  return play(&state, path, book, waiting.start, now: waiting.requestedAt)
}

/// The session's timers as store timers, named so a fire finds its way back.
func playbackTimerID(_ timer: PlaybackTimer) -> TimerID { TimerID("playback.\(timer.rawValue)") }

/// The session timer behind a store timer id, if it is one.
func playbackTimer(_ id: TimerID) -> PlaybackTimer? {
  PlaybackTimer.allCases.first { playbackTimerID($0) == id }
}

func playbackEffects(_ state: inout AppState, _ commands: [PlaybackCommand]) -> [Effect] {
  commands.flatMap { command -> [Effect] in
    switch command {
    case .startTimer(let timer):
      [.startTimer(
        playbackTimerID(timer), after: state.player.session.rules.interval(of: timer), repeating: timer.repeats)]
    case .startDeadline(let timer, let delay):
      [.startTimer(playbackTimerID(timer), after: delay, repeating: false)]
    case .cancelTimer(let timer):
      [.cancelTimer(playbackTimerID(timer))]
    case .saveProgress(let update):
      [rememberSavedPlace(&state, update)]
    case .removeDownload(let key):
      // Finished and asked to delete: the same undoable delete as the button.
      reduceDownloads(&state, .deleteRequested(key))
    case .engine(let engineCommand):
      [.engine(engineCommand, book: engineBook(state, for: engineCommand))]
    case .flushProgress(let serverID):
      [.flushProgress(serverID: serverID)]
    case .lookUpResume(let key): [.playback(.lookUpResume(key))]
    case .recordListening(let span): [.playback(.recordListening(span))]
    case .showError(let failure): [.playback(.showError(failure))]
    case .autoDownload(let key, let book, let chapters, let mode):
      [.playback(.autoDownload(key, book, chapters, mode: mode))]
    case .bookFinished(let key): [.playback(.bookFinished(key))]
    }
  }
}

/// The loaded book, for a command whose tracks are its own (a load or a
/// swap); nil for the rest, which the engine runs on what it holds.
private func engineBook(_ state: AppState, for command: EngineCommand) -> EngineBook? {
  switch command {
  case .load, .swapSources:
    guard let loaded = state.player.session.nowPlaying else { return nil }
    return EngineBook(
      key: loaded.key, transcoded: playsTranscoded(state), marks: engineMarks(loaded.queue),
      access: state.connections.access(loaded.key.serverID))
  case .play, .pause, .seek, .setRate, .setVolume, .reset:
    return nil
  }
}

/// A save is the listener's newest place: the Book page's copy of the
/// server's answer follows it, so a book played (or finished) from its page
/// does not keep saying "Not started" until the page is opened again.
private func rememberSavedPlace(_ state: inout AppState, _ save: ProgressRecord) -> Effect {
  if state.library.extras[save.key] != nil { state.library.extras[save.key]?.resume = .progress(save) }
  return .playback(.saveProgress(save))
}

private func needsReload(_ book: Loadable<Book>) -> Bool {
  if case .failed = book { return true }
  return false
}

private func play(
  _ state: inout AppState, _ path: LibraryPath, _ book: Book, _ start: PlayStart, now: Date
) -> [Effect] {
  let server = state.source(path.serverID)
  var startPosition: Double?
  switch start {
  case .resume: startPosition = nil
  case .position(let position): startPosition = max(0, position)
  case .chapter(let index):
    let places = ChapterPlaces(book, virtualChapterInterval: state.settings.virtualChapterInterval)
    startPosition = places.starts.indices.contains(index) ? places.starts[index] : 0
  }
  let ended = endUpNext(&state)
  let download = state.downloads.entries[path]
  // A downloaded book plays as it was downloaded: its files are the ones on disk.
  let played = download?.localCopy == nil ? book : download?.book ?? book
  let request = PlayRequest(
    key: path, book: played,
    startBookPosition: startPosition, local: state.localFiles(path, book) ?? download?.localCopy,
    download: download?.status,
    signedIn: server.map { !$0.needsReconnect } ?? false, defaultRate: state.settings.defaultSpeed,
    virtualChapterInterval: state.settings.virtualChapterInterval)
  return ended + playbackEffects(&state, state.player.session.reduce(.play(request), now: now))
}
