import Foundation

/// What the session asks the engine to do. The engine knows tracks only.
public enum EngineCommand: Equatable, Sendable {
  /// Replace the queue and start at `startIndex`/`position` (paused until
  /// `play`); reports carry `seekID` once the engine is there.
  case load(tracks: [BookTrack], startIndex: Int, position: Double, clips: [ChapterClip], seekID: SeekID)
  case play
  case pause
  /// Seek inside the queue: within the current track or into another one;
  /// reports carry `seekID` once the engine is there.
  case seek(trackIndex: Int, position: Double, seekID: SeekID)
  case setRate(Double)
  /// 0...1; the sleep timer's fade-out.
  case setVolume(Double)
  /// The same audio from new sources (a download finished): keep the track,
  /// the position and the play state. Answer `PlaybackEvent.sourcesSwapped`
  /// with the copy once the engine plays from it; a refusal needs no answer
  /// (the book streams on).
  case swapSources([BookTrack], from: LocalCopy)
  /// Stop and drop the queue.
  case reset
}

/// The session's named timers and their periods.
public enum PlaybackTimer: String, Equatable, Sendable, CaseIterable {
  /// One-shot: a play attempt or a buffering that has not reached `playing`.
  case stallWatchdog
  /// Repeating: save progress while playing.
  case autosave
  /// Repeating, 1 s: the sleep timer's countdown.
  case sleepTick

  public var repeats: Bool { self != .stallWatchdog }
}

/// A progress save (§6.5). The sync layer adds the device id and sends or
/// queues it; `capturedAt` is the time it was taken, for last-write-wins.
public struct ProgressUpdate: Equatable, Sendable {
  public var key: LibraryPath
  /// Whole-book seconds.
  public var position: Double
  /// The book's total.
  public var duration: Double
  public var finished: Bool
  public var playbackSpeed: Double
  public var capturedAt: Date

  public init(
    key: LibraryPath, position: Double, duration: Double, finished: Bool, playbackSpeed: Double,
    capturedAt: Date
  ) {
    self.key = key
    self.position = position
    self.duration = duration
    self.finished = finished
    self.playbackSpeed = playbackSpeed
    self.capturedAt = capturedAt
  }
}

/// A stretch of continuous listening, for the server's history.
public struct ListeningSpan: Equatable, Sendable {
  public var key: LibraryPath
  public var from: Double
  public var to: Double
  public var startedAt: Date
  public var endedAt: Date

  public init(key: LibraryPath, from: Double, to: Double, startedAt: Date, endedAt: Date) {
    self.key = key
    self.from = from
    self.to = to
    self.startedAt = startedAt
    self.endedAt = endedAt
  }
}

/// Why playback stopped with an error, so the interface can say what Retry
/// will do.
public enum PlaybackFailure: Equatable, Sendable {
  /// Playing was asked for and not reached within the stall grace.
  case stalled
  /// The engine reported an error.
  case engine
  /// Where to resume could not be found out; nothing was loaded, so the
  /// listener's place is not lost by starting at 0.
  case resumeUnknown(ResumeLookup.Failure)
}

/// What the session asks of the app: engine work, saves, timers, messages.
public enum PlaybackCommand: Equatable, Sendable {
  case engine(EngineCommand)
  /// Find where to resume (§7 `loadInitialProgress`); answer with
  /// `PlaybackEvent.resumeLookedUp`.
  case lookUpResume(LibraryPath)
  case saveProgress(ProgressUpdate)
  /// Send a span of listening to the server's history.
  case recordListening(ListeningSpan)
  /// Start (or restart) a timer; answer with `PlaybackEvent.timerFired`.
  case startTimer(PlaybackTimer)
  case cancelTimer(PlaybackTimer)
  case showError(PlaybackFailure)
  /// Send the connection's queued saves now (before its token is revoked).
  case flushProgress(serverID: String)
  /// Download the book if `mode` allows it on the current network.
  case autoDownload(LibraryPath, Book, ChaptersResponse?, mode: AutoDownloadMode)
  /// Delete a finished book's download.
  case removeDownload(LibraryPath)
  /// The listener marked the book finished: show what comes next.
  case bookFinished(LibraryPath)
}
