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

/// The book whose tracks an engine command names (`Effect.engine`): what
/// the app needs to turn them into sources, taken from the store's state
/// when the reducer asks for the work.
public struct EngineBook: Equatable, Sendable {
  /// Its server, library and path: whose client streams the tracks.
  public var key: LibraryPath
  /// It streams through the server's transcoder (`playsTranscoded`).
  public var transcoded: Bool
  /// Each track's chapter starts and ends (`engineMarks`), for the
  /// sources' marks.
  public var marks: [[Double]]
  /// Its server as the store knows it: streams carry the token only when
  /// signed in and `trusted`. Nil for a book not from a signed-in server.
  public var access: ServerAccess?

  public init(key: LibraryPath, transcoded: Bool, marks: [[Double]], access: ServerAccess? = nil) {
    self.key = key
    self.transcoded = transcoded
    self.marks = marks
    self.access = access
  }
}

/// The session's named timers and their periods.
public enum PlaybackTimer: String, Equatable, Sendable, CaseIterable {
  /// One-shot: a play attempt or a buffering that has not reached `playing`.
  case stallWatchdog
  /// Repeating: save progress while playing.
  case autosave
  /// Repeating, 1 s: the sleep timer's countdown while not playing (while
  /// playing, the engine's reports count it down, in the same wake-up and
  /// repaint as the elapsed time).
  case sleepTick
  /// One-shot, at the minutes timer's end (`startDeadline`): it ends on
  /// time, whenever the reports come.
  case sleepEnd

  public var repeats: Bool { self == .autosave || self == .sleepTick }
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
  /// A progress save (§6.5), `updatedAt` the moment it was taken (for
  /// last-write-wins). Its `deviceID` is empty: the sync layer, which
  /// knows this device, fills it before the save is kept or sent.
  case saveProgress(ProgressRecord)
  /// Send a span of listening to the server's history.
  case recordListening(ListeningSpan)
  /// Start (or restart) a timer; answer with `PlaybackEvent.timerFired`.
  case startTimer(PlaybackTimer)
  /// Start (or restart) a one-shot timer that fires once after `delay`
  /// (the sleep timer's end); answer with `PlaybackEvent.timerFired`.
  case startDeadline(PlaybackTimer, after: Duration)
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

/// The session's commands the app runs as they are (`Effect.playback`).
/// The rest of `PlaybackCommand` never reaches the app in that form: the
/// store turns engine work into `Effect.engine` (with its book), timers
/// into store timers, a flush into `Effect.flushProgress` and a delete into
/// the downloads' own; so an engine command sent the other way cannot be
/// written.
public enum PlaybackWork: Equatable, Sendable {
  /// `PlaybackCommand.lookUpResume`.
  case lookUpResume(LibraryPath)
  /// `PlaybackCommand.saveProgress`.
  case saveProgress(ProgressRecord)
  /// `PlaybackCommand.recordListening`.
  case recordListening(ListeningSpan)
  /// `PlaybackCommand.showError`: shown from the session's state.
  case showError(PlaybackFailure)
  /// `PlaybackCommand.autoDownload`.
  case autoDownload(LibraryPath, Book, ChaptersResponse?, mode: AutoDownloadMode)
  /// `PlaybackCommand.bookFinished`.
  case bookFinished(LibraryPath)
}
