import Foundation

/// §6.8 playing a book, and §6.9 retry.
extension PlaybackSession {
  /// Starts `request`'s book: at its given position or track, else where
  /// the listener was, after a resume lookup.
  mutating func play(_ request: PlayRequest, now: Date) -> [PlaybackCommand] {
    // Nothing to stream from and nothing on disk: leave everything as it is.
    guard request.signedIn || request.local != nil else { return [] }
    // Stop the old book's spans, watchdog and saves first, so nothing of it
    // is saved under the new book's path.
    var commands = endListeningSpan(now: now)
    commands += cancelWatchdog()
    commands += stopAutosave()
    lastRequest = request
    resumeLookupFailed = false
    if request.startBookPosition == nil, request.startTrack == nil {
      pendingStart = request
      return commands + [.lookUpResume(request.key)]
    }
    pendingStart = nil
    return commands
      + start(
        request, at: request.startBookPosition ?? 0, rate: rules.clampRate(request.defaultRate), now: now)
  }

  /// The answer to `lookUpResume`. An answer for a request that was
  /// superseded (another book, a stop) is dropped.
  ///
  /// A finished book starts again at 0, whether it was finished at the end or
  /// marked finished midway. A book's own speed wins over the default.
  /// When the place is unknown and the book is not downloaded, nothing is
  /// loaded: playing from 0 would soon save over the real place. The book is
  /// shown in the error state and Retry asks again.
  mutating func resumeLookedUp(_ key: LibraryPath, _ answer: ResumeLookup, now: Date) -> [PlaybackCommand] {
    guard let request = pendingStart, request.key == key else { return [] }
    pendingStart = nil
    var startAt = 0.0
    var speed = rules.clampRate(request.defaultRate)
    switch answer {
    case .progress(let record):
      // The saved place is where a pause (here or on another device) left
      // it: back by how long ago that was, as after any pause.
      let back = rules.autoRewind(afterPause: now.timeIntervalSince(record.updatedAt))
      if !record.finished, record.position > 0 { startAt = max(0, record.position - back) }
      if record.playbackSpeed > 0 { speed = rules.clampRate(record.playbackSpeed) }
    case .empty:
      break
    case .failed(let reason) where request.local == nil:
      resumeLookupFailed = true
      var commands = clearPlaybackIntent()
      commands.append(.engine(.reset))
      rate = speed
      nowPlaying = loadedBook(for: request)
      pendingSeek = nil
      snapshot = EngineSnapshot(state: .error, rate: speed)
      failure = .resumeUnknown(reason)
      commands.append(.showError(.resumeUnknown(reason)))
      return commands
    case .failed:
      break
    }
    return start(request, at: startAt, rate: speed, now: now)
  }

  /// Loads the book at `position` (or the requested track) and plays.
  private mutating func start(
    _ request: PlayRequest, at position: Double, rate speed: Double, now: Date
  ) -> [PlaybackCommand] {
    let book = loadedBook(for: request)
    let queue = book.queue
    let location: TrackLocation
    if let track = request.startTrack {
      location = TrackLocation(index: min(max(track, 0), max(queue.tracks.count - 1, 0)), positionInTrack: 0)
    } else {
      location = queue.timeline.tracks.location(at: position)
    }
    // The floor is where playback really starts: after a finished book
    // restarts at 0, early low saves are allowed.
    resumeFloor = toBookPosition(
      offsets: queue.offsets, index: location.index, positionInTrack: location.positionInTrack)
    rate = speed
    nowPlaying = book
    failure = nil
    historyStart = nil
    pausedAt = nil
    var commands = beginPlaybackAttempt()
    let seekID = startMove(to: location)
    snapshot = EngineSnapshot(
      state: .loading, trackIndex: location.index, position: location.positionInTrack,
      duration: queue.tracks.indices.contains(location.index) ? queue.tracks[location.index].duration ?? 0 : 0,
      rate: speed)
    commands += [
      .engine(
        .load(
          tracks: queue.tracks, startIndex: location.index, position: location.positionInTrack,
          clips: queue.chapterClips, seekID: seekID)),
      .engine(.setRate(speed)),
      .engine(.play),
    ]
    if shouldAutoDownload(request) {
      commands.append(.autoDownload(request.key, request.book, request.chapterData, mode: request.autoDownload))
    }
    return commands
  }

  /// Reloads after an error: from where the listener was (never below the
  /// resume floor), or, when the resume lookup failed, by asking again.
  mutating func retry(now: Date) -> [PlaybackCommand] {
    if resumeLookupFailed, var request = lastRequest {
      request.startBookPosition = nil
      request.startTrack = nil
      return play(request, now: now)
    }
    guard let book = nowPlaying else { return [] }
    var commands = beginPlaybackAttempt()
    let location = book.queue.timeline.tracks.location(at: max(resumeFloor, bookPosition))
    failure = nil
    snapshot.state = .loading
    snapshot.trackIndex = location.index
    snapshot.position = location.positionInTrack
    let seekID = startMove(to: location)
    commands += [
      .engine(
        .load(
          tracks: book.queue.tracks, startIndex: location.index, position: location.positionInTrack,
          clips: book.queue.chapterClips, seekID: seekID)),
      .engine(.setRate(rate)),
      .engine(.play),
    ]
    return commands
  }

  private func loadedBook(for request: PlayRequest) -> LoadedBook {
    let book = request.book
    return LoadedBook(
      key: request.key, book: book, chapterData: request.chapterData, title: book.title,
      author: !book.author.isEmpty ? book.author : book.narrator, localCover: request.local?.cover,
      queue: buildBookQueue(
        book: book, chapterData: request.chapterData, local: request.local,
        virtualChapterInterval: request.virtualChapterInterval),
      signedIn: request.signedIn, isDownloaded: request.local != nil)
  }

  /// §6.9 auto-download: not when off, not when an entry exists (unless it
  /// failed); whether the network allows it is the app's to check.
  private func shouldAutoDownload(_ request: PlayRequest) -> Bool {
    guard request.autoDownload != .never, request.signedIn else { return false }
    if let status = request.download, status != .error { return false }
    return true
  }
}
