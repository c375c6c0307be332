import Foundation

/// §6.6: what an engine report means for the book.
extension PlaybackSession {
  mutating func engineReported(_ raw: EngineSnapshot, now: Date) -> [PlaybackCommand] {
    var commands = applyEngineReport(raw, now: now)
    // While playing, each report ticks the sleep timer: its countdown
    // changes with the elapsed time, in one wake-up and one repaint. A
    // timer waiting for the end of a chapter (or of a file) stops there:
    // the engine reports as it passes each chapter mark
    // (`EngineSource.marks`), while a tick of its own saw a place up to a
    // report old, up to two seconds into the next chapter.
    if snapshot.state == .playing, sleepTimer.isActive {
      commands += sleepCommands(sleepTimer.tick(now: now, playhead: playhead), now: now)
    }
    return commands
  }

  private mutating func applyEngineReport(_ raw: EngineSnapshot, now: Date) -> [PlaybackCommand] {
    let previous = snapshot
    let state = normalizedState(raw.state)
    // Error hold: after an error, only real playing (or a retry, which
    // wants playback) moves on. A stalled engine re-reporting loading,
    // idle or paused must neither clear the error nor arm a new watchdog.
    if previous.state == .error, !wantsPlayback, state != .playing { return [] }

    snapshot = raw
    snapshot.state = state
    // A parsed file's own length lays the timeline out; the engine's place
    // in it stays, and saved places keep the server's layout.
    if raw.duration > 0, raw.state != .loading, raw.state != .idle, raw.state != .error {
      nowPlaying?.queue.adoptEngineDuration(raw.duration, track: raw.trackIndex)
    }
    if state == .playing { failure = nil }
    holdPendingSeek(over: raw, previous: previous)

    var commands = listeningSpanCommands(from: previous, now: now)
    guard state != previous.state else {
      if state == .playing { commands += autosaveAtReport(now: now) }
      return commands
    }
    switch state {
    case .playing:
      intent = .playing
      commands += cancelWatchdog()
      commands += startAutosave(now: now)
    case .loading:
      // Buffering mid-play: the save loop keeps running, the watchdog
      // decides whether it is a stall.
      if wantsPlayback { commands += armWatchdog() }
    case .error:
      failure = .engine
      commands += clearPlaybackIntent()
      commands += haltAndPersist(now: now)
      commands.append(.showError(.engine))
    default:
      // Paused, ended, idle, ready: every other state stops the attempt and
      // saves. `ended` keeps the book loaded so the end can be shown.
      commands += clearPlaybackIntent()
      commands += haltAndPersist(now: now)
    }
    return commands
  }

  /// One owner for the place: until the engine reports finishing the last
  /// move it was sent (its id or a later one), the place stays that move's
  /// target. A report from before it got there — the playing engine's
  /// next tick, a file still opening — says where it was, and taking it
  /// would show the old place for a moment (and a quick second skip would
  /// go on from there).
  private mutating func holdPendingSeek(over raw: EngineSnapshot, previous: EngineSnapshot) {
    guard let pending = pendingSeek else { return }
    guard raw.seekID < pending.id else {
      pendingSeek = nil
      return
    }
    snapshot.trackIndex = pending.location.index
    snapshot.position = pending.location.positionInTrack
    // A report of the file it is leaving gives that file's length.
    if raw.trackIndex != pending.location.index { snapshot.duration = previous.duration }
  }

  /// The first rule that matches:
  /// - while starting, anything but playing or error is still starting (a
  ///   stray paused or ready during startup is not a pause);
  /// - ready while playback is wanted is still loading;
  /// - loading that nobody asked for is a parked engine buffering: paused,
  ///   not an endless spinner.
  func normalizedState(_ raw: EngineState) -> EngineState {
    if startingPlayback, raw != .playing, raw != .error { return .loading }
    if raw == .ready, wantsPlayback { return .loading }
    if raw == .loading, !wantsPlayback, !startingPlayback { return .paused }
    return raw
  }

  /// A span runs while playing; a change of track while playing splits it,
  /// so each span lies within one stretch of continuous sound.
  private mutating func listeningSpanCommands(from previous: EngineSnapshot, now: Date) -> [PlaybackCommand] {
    let wasPlaying = previous.state == .playing
    let isPlaying = snapshot.state == .playing
    switch (wasPlaying, isPlaying) {
    case (false, true):
      beginListeningSpan(now: now)
      return []
    case (true, false):
      return endListeningSpan(now: now)
    case (true, true) where previous.trackIndex != snapshot.trackIndex:
      let commands = endListeningSpan(now: now)
      beginListeningSpan(now: now)
      return commands
    default:
      return []
    }
  }
}
