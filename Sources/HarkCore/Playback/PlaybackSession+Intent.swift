import Foundation

/// §6.4: the listener's intent to play, and the stall watchdog that turns an
/// attempt that never reaches `playing` into an error rather than an
/// endless spinner.
extension PlaybackSession {
  /// The listener wants sound (§6.3 `wantsPlayback`).
  var wantsPlayback: Bool { intent != .none }
  /// …and `playing` has not been reached since it was asked for (§6.3
  /// `startingPlayback`).
  var startingPlayback: Bool { intent == .starting }

  /// Play or retry was asked for: want sound, and give it `stallGrace`.
  mutating func beginPlaybackAttempt() -> [PlaybackCommand] {
    intent = .starting
    return armWatchdog()
  }

  mutating func clearPlaybackIntent() -> [PlaybackCommand] {
    intent = .none
    return cancelWatchdog()
  }

  /// Idempotent: a pending watchdog is not pushed back, so repeated
  /// `loading` reports cannot postpone the verdict forever.
  mutating func armWatchdog() -> [PlaybackCommand] {
    guard runningTimers.insert(.stallWatchdog).inserted else { return [] }
    return [.startTimer(.stallWatchdog)]
  }

  mutating func cancelWatchdog() -> [PlaybackCommand] {
    guard runningTimers.remove(.stallWatchdog) != nil else { return [] }
    return [.cancelTimer(.stallWatchdog)]
  }

  /// The grace is over: if sound is still wanted and not playing, it is a
  /// stall. A watchdog that fires after being cancelled (a race in the
  /// runner) is ignored.
  mutating func watchdogFired(now: Date) -> [PlaybackCommand] {
    guard runningTimers.remove(.stallWatchdog) != nil else { return [] }
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

  /// (Re)starts the save loop: a start replaces a running timer.
  mutating func startAutosave(now: Date) -> [PlaybackCommand] {
    runningTimers.insert(.autosave)
    autosaveDue = now.addingTimeInterval(rules.saveInterval.seconds)
    return [.startTimer(.autosave)]
  }

  mutating func stopAutosave() -> [PlaybackCommand] {
    autosaveDue = nil
    guard runningTimers.remove(.autosave) != nil else { return [] }
    return [.cancelTimer(.autosave)]
  }

  /// The save timer fired: no report took the save before it was due.
  mutating func autosaveFired(now: Date) -> [PlaybackCommand] {
    guard runningTimers.contains(.autosave) else { return [] }
    // The timer repeats by itself from here.
    autosaveDue = now.addingTimeInterval(rules.saveInterval.seconds)
    return persist(now: now)
  }

  /// A report while playing, in the last `autosaveReportWindow` before the
  /// save is due: save now, in the wake-up the report already cost, and
  /// start the save timer again from here, so it does not wake the app a
  /// moment later for the same save.
  mutating func autosaveAtReport(now: Date) -> [PlaybackCommand] {
    guard runningTimers.contains(.autosave), let due = autosaveDue,
      now.addingTimeInterval(rules.autosaveReportWindow.seconds) >= due
    else { return [] }
    return persist(now: now) + startAutosave(now: now)
  }

  /// Save now and stop the save loop (§6.4 halt-and-persist).
  mutating func haltAndPersist(now: Date) -> [PlaybackCommand] {
    persist(now: now) + stopAutosave()
  }
}
