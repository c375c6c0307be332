import Foundation

/// §6.9: play/pause, speed.
extension PlaybackSession {
  /// Play or pause. Tapping while it spins cancels the attempt. In the error
  /// state the play button means Retry: a plain play on a failed pipeline
  /// would only stall again (the reference plays).
  mutating func toggle(now: Date) -> [PlaybackCommand] {
    guard nowPlaying != nil else { return [] }
    if snapshot.state == .error { return retry(now: now) }
    if isUnderWay { return pause(now: now) }
    return rewindAfterPause(now: now) + beginPlaybackAttempt() + [.engine(.play)]
  }

  /// Pause. A start still buffering is paused too, so a late `playing`
  /// cannot undo a sleep-timer pause.
  mutating func pause(now: Date) -> [PlaybackCommand] {
    let wasUnderWay = isUnderWay
    let commands = clearPlaybackIntent()
    guard wasUnderWay else { return commands }
    pausedAt = now
    return commands + [.engine(.pause)]
  }

  /// Hark quits while the book is under way: the place is saved now, and
  /// the listening span ends, as at a pause. A pause's save waits for the
  /// engine to report it paused, which a quitting Hark never sees, so the
  /// place kept would be the last autosave's, up to `saveInterval` earlier.
  mutating func quit(now: Date) -> [PlaybackCommand] {
    guard isUnderWay else { return [] }
    let commands = endListeningSpan(now: now) + clearPlaybackIntent() + haltAndPersist(now: now)
    // Paused from here on, without waiting for the engine to say so: a
    // second `.quitting`, or the engine's report, saves nothing again.
    snapshot.state = .paused
    return commands + [.engine(.pause)]
  }

  /// Auto-rewind: back a little, by how long the pause was, so the listener
  /// picks up the thread (not in the reference). A seek like the
  /// listener's own: the floor comes down with it and the place is saved.
  private mutating func rewindAfterPause(now: Date) -> [PlaybackCommand] {
    guard let pausedAt else { return [] }
    self.pausedAt = nil
    let back = rules.autoRewind(afterPause: now.timeIntervalSince(pausedAt))
    guard back > 0 else { return [] }
    return seekInBook(max(0, bookPosition - back), now: now)
  }

  /// Playing, buffering, or asked to play and not yet reported. The last is
  /// not in the reference, which looks at the stored state only: a pause
  /// right after Play (before the engine's first report) would be lost.
  private var isUnderWay: Bool {
    snapshot.state == .playing || snapshot.state == .loading || wantsPlayback
  }

  /// The speed, clamped to the rules' range; saved with the book so it
  /// comes back next time (per-book speed).
  mutating func setRate(_ requested: Double, now: Date) -> [PlaybackCommand] {
    rate = rules.clampRate(requested)
    guard nowPlaying != nil else { return [] }
    return [.engine(.setRate(rate))] + persist(now: now)
  }
}
