import Foundation

/// §6.4: the listener's intent to play, and the stall watchdog that turns an
/// attempt that never reaches `playing` into an error rather than an
/// endless spinner.
extension PlaybackSession {
  /// Play or retry was asked for: want sound, and give it `stallGrace`.
  mutating func beginPlaybackAttempt() -> [PlaybackCommand] {
    wantsPlayback = true
    startingPlayback = true
    return armWatchdog()
  }

  mutating func clearPlaybackIntent() -> [PlaybackCommand] {
    wantsPlayback = false
    startingPlayback = false
    return cancelWatchdog()
  }

  /// Idempotent: a pending watchdog is not pushed back, so repeated
  /// `loading` reports cannot postpone the verdict forever.
  mutating func armWatchdog() -> [PlaybackCommand] {
    guard !watchdogPending else { return [] }
    watchdogPending = true
    return [.startTimer(.stallWatchdog)]
  }

  mutating func cancelWatchdog() -> [PlaybackCommand] {
    guard watchdogPending else { return [] }
    watchdogPending = false
    return [.cancelTimer(.stallWatchdog)]
  }

  /// The grace is over: if sound is still wanted and not playing, it is a
  /// stall. A watchdog that fires after being cancelled (a race in the
  /// runner) is ignored.
  mutating func watchdogFired(now: Date) -> [PlaybackCommand] {
    guard watchdogPending else { return [] }
    watchdogPending = false
    guard wantsPlayback, snapshot.state != .playing else { return [] }
    var commands = clearPlaybackIntent()
    commands += enterError(.stalled, now: now)
    return commands
  }

  /// The stored state becomes `error` (other fields kept), what was heard
  /// so far is saved, and saving stops.
  mutating func enterError(_ failure: PlaybackFailure, now: Date) -> [PlaybackCommand] {
    snapshot.state = .error
    self.failure = failure
    return haltAndPersist(now: now) + [.showError(failure)]
  }

  mutating func startAutosave() -> [PlaybackCommand] {
    autosaveRunning = true
    return [.startTimer(.autosave)]
  }

  mutating func stopAutosave() -> [PlaybackCommand] {
    guard autosaveRunning else { return [] }
    autosaveRunning = false
    return [.cancelTimer(.autosave)]
  }

  /// Save now and stop the save loop (§6.4 halt-and-persist).
  mutating func haltAndPersist(now: Date) -> [PlaybackCommand] {
    persist(now: now) + stopAutosave()
  }
}
