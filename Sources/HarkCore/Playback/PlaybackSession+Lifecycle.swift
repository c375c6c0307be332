import Foundation

/// §6.9: stopping, finishing, servers going away, downloads arriving, and
/// the sleep timer's hold on playback.
extension PlaybackSession {
  /// Saves where the listener is, then unloads. The open span is recorded
  /// first (the reference lets it go) and the sleep timer goes with the book.
  mutating func stop(now: Date) -> [PlaybackCommand] {
    var commands = endListeningSpan(now: now)
    commands += clearPlaybackIntent()
    commands += stopAutosave()
    commands += persist(now: now)
    commands.append(.engine(.reset))
    commands += unload(now: now)
    return commands
  }

  /// The listener says the book is done: the last save for it says
  /// finished at its end (not an ordinary save, which could say otherwise),
  /// then the book unloads and, if asked, its download goes.
  mutating func markFinished(deleteDownload: Bool, now: Date) -> [PlaybackCommand] {
    guard let book = nowPlaying else { return [] }
    var commands = endListeningSpan(now: now)
    commands += clearPlaybackIntent()
    commands += stopAutosave()
    commands += persist(now: now, forceFinished: true)
    commands += unload(now: now)
    commands += [.engine(.reset), .bookFinished(book.key)]
    if deleteDownload, book.isDownloaded { commands.append(.removeDownload(book.key)) }
    return commands
  }

  /// A server is being removed or signed out of: stop its book (saving
  /// first), forget a lookup still pending for it, and flush its queued
  /// saves while its token still works.
  mutating func serverClosing(_ serverID: String, revokingToken: Bool, now: Date) -> [PlaybackCommand] {
    if pendingStart?.key.serverID == serverID { pendingStart = nil }
    var commands: [PlaybackCommand] = []
    if nowPlaying?.key.serverID == serverID { commands += stop(now: now) }
    if revokingToken { commands.append(.flushProgress(serverID: serverID)) }
    return commands
  }

  /// The playing book's own download (same server, library and path)
  /// finished: ask the engine to play on from disk. Only the sources change:
  /// downloads and playback order files alike (§2.1), so track order and
  /// offsets stay and the engine keeps its place. The queue takes the local
  /// files only once the engine has switched (`sourcesSwapped`): a copy the
  /// engine refuses keeps the book streaming, so Retry and the next load do
  /// not read it either (§6.9 hot-swap).
  mutating func downloadFinished(_ key: LibraryPath, _ copy: LocalCopy) -> [PlaybackCommand] {
    if pendingStart?.key == key { pendingStart?.local = copy }
    guard var book = nowPlaying, book.key == key else { return [] }
    // The download exists whatever the engine makes of it: Mark as
    // Finished may delete it.
    book.isDownloaded = true
    nowPlaying = book
    guard let tracks = book.queue.tracks(from: copy) else { return [] }
    return [.engine(.swapSources(tracks, from: copy))]
  }

  /// The engine plays on from the copy `downloadFinished` offered.
  mutating func sourcesSwapped(_ key: LibraryPath, _ copy: LocalCopy) -> [PlaybackCommand] {
    guard var book = nowPlaying, book.key == key, let tracks = book.queue.tracks(from: copy) else { return [] }
    book.queue.tracks = tracks
    book.localCover = copy.cover ?? book.localCover
    nowPlaying = book
    return []
  }

  mutating func startSleepTimer(_ request: SleepTimerRequest, now: Date) -> [PlaybackCommand] {
    switch request {
    case .minutes(let minutes):
      return sleepCommands(sleepTimer.start(minutes: minutes, now: now), now: now)
    case .endOfChapter(let index):
      guard let spans = nowPlaying?.queue.timeline.spans, spans.indices.contains(index) else { return [] }
      return sleepCommands(
        sleepTimer.start(untilPosition: spans[index].end, label: .endOfChapter(index), playhead: playhead), now: now)
    case .endOfBook:
      guard let total = nowPlaying?.queue.total, total > 0 else { return [] }
      return sleepCommands(
        sleepTimer.start(untilPosition: total, label: .endOfBook, playhead: playhead), now: now)
    }
  }

  /// The sleep timer's wishes in the session's terms; its pause is the
  /// pause button's. Its ticks are `syncSleepTimers`' business.
  mutating func sleepCommands(_ outputs: [SleepTimerOutput], now: Date) -> [PlaybackCommand] {
    var commands: [PlaybackCommand] = []
    for output in outputs {
      switch output {
      case .pausePlayback: commands += pause(now: now)
      case .setVolume(let volume): commands.append(.engine(.setVolume(volume)))
      }
    }
    return commands
  }

  /// The sleep timer's timers for the state after each event. While
  /// playing, the engine's reports tick it (`engineReported`): its
  /// countdown changes in the same wake-up and the same repaint as the
  /// elapsed time, not in a second one at its own phase. Otherwise a 1 s
  /// tick counts it down (a minutes timer runs on while paused). A minutes
  /// timer also has one timer at its end, so it ends on time whatever the
  /// reports' phase.
  mutating func syncSleepTimers(now: Date) -> [PlaybackCommand] {
    var commands: [PlaybackCommand] = []
    let ticking = sleepTimer.isActive && !isPlaying
    if ticking, runningTimers.insert(.sleepTick).inserted {
      commands.append(.startTimer(.sleepTick))
    } else if !ticking, runningTimers.remove(.sleepTick) != nil {
      commands.append(.cancelTimer(.sleepTick))
    }
    let end = sleepTimer.isActive ? sleepTimer.endsAt : nil
    guard end != sleepEndAt else { return commands }
    sleepEndAt = end
    if let end {
      runningTimers.insert(.sleepEnd)
      // Rounded up to the millisecond the main loop's timers count in, so
      // it does not come a hair early.
      let milliseconds = max(0, (end.timeIntervalSince(now) * 1000).rounded(.up))
      commands.append(.startDeadline(.sleepEnd, after: .milliseconds(Int64(milliseconds))))
    } else if runningTimers.remove(.sleepEnd) != nil {
      commands.append(.cancelTimer(.sleepEnd))
    }
    return commands
  }

  /// Nothing loaded any more; the speed stays for the next book's default.
  private mutating func unload(now: Date) -> [PlaybackCommand] {
    nowPlaying = nil
    pendingStart = nil
    pendingSeek = nil
    failure = nil
    resumeLookupFailed = false
    snapshot = EngineSnapshot(state: .idle, rate: rate)
    pausedAt = nil
    return sleepCommands(sleepTimer.cancel(), now: now)
  }
}
