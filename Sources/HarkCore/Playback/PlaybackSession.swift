import Foundation

/// The book that is loaded: who it belongs to and how it is laid out.
public struct LoadedBook: Equatable, Sendable {
  public var key: LibraryPath
  public var book: Book
  public var chapterData: ChaptersResponse?
  public var title: String
  /// The author, else the narrator, else "".
  public var author: String
  /// The downloaded cover; nil means "ask the server for it".
  public var localCover: URL?
  public var queue: BookQueue
  public var signedIn: Bool
  public var isDownloaded: Bool
}

/// §6: the player as a pure state machine. It knows books; the engine it
/// drives knows only tracks. `reduce` takes an event and the current time
/// and returns commands as values; it reads no clock and does no I/O, so
/// every timing rule (stall watchdog, autosave, sleep timer) is tested in
/// virtual time by feeding `timerFired` events.
///
/// The rules it keeps, in one place each:
/// - engine states are normalized so startup noise is not a pause and a
///   parked engine is not an endless spinner (`+Engine`);
/// - an error holds until a real `playing` or a retry (`+Engine`);
/// - a play attempt that does not reach `playing` in 3 s is an error, not an
///   endless spinner (`+Intent`);
/// - a save never moves the listener's place backwards by a slip, and saves
///   near the end mark the book finished (`+Saving`);
/// - resuming never silently starts at 0 when the resume point is unknown
///   (`+Starting`);
/// - the place has one owner: a seek's target is the place until the
///   engine reports that seek finished, so no report from before it moves
///   the place back (`+Seeking`, `+Engine`);
/// - whether to play is decided here alone (`intent`); the engine is told
///   and reports what is.
///
/// Embedding: keep one session in the app state; send engine reports,
/// the listener's actions, lookup answers and timer fires through `reduce`
/// with the clock's `now`; run `.startTimer(t)` as a timer of
/// `rules.interval(of: t)` that repeats when `t.repeats` and answers
/// `.timerFired(t)` (a start replaces a running timer of the same name).
public struct PlaybackSession: Equatable, Sendable {
  public var rules: PlaybackRules
  /// The loaded book; nil when nothing is.
  public internal(set) var nowPlaying: LoadedBook?
  /// The engine's last report, normalized; while a seek is under way
  /// (`pendingSeek`), at the seek's target rather than where the engine
  /// last said it was. The one place every view takes the position from.
  public internal(set) var snapshot: EngineSnapshot = .initial
  /// The speed the listener chose for this book.
  public internal(set) var rate: Double = 1
  /// Why the state is `error`, while it is.
  public internal(set) var failure: PlaybackFailure?
  public internal(set) var sleepTimer: SleepTimer

  // Hidden state (§6.3).
  /// Whether sound is wanted, and whether `playing` was reached since it
  /// was asked for. The session alone decides this; the engine is told.
  var intent: PlayIntent = .none
  /// The session's timers that are running (the stall watchdog, the
  /// autosave), so each is cancelled only when it runs.
  var runningTimers: Set<PlaybackTimer> = []
  /// When the running save loop saves next (`startAutosave`); nil while it
  /// does not run.
  var autosaveDue: Date?
  /// When the running `sleepEnd` timer fires; nil when it does not run.
  var sleepEndAt: Date?
  /// The place playback resumed from, lowered only by the listener's own
  /// seeks: saves far below it are slips, not listening.
  var resumeFloor = 0.0
  /// Where and when the open listening span began.
  var historyStart: SpanStart?
  /// The last move of the engine (a seek, or a load's start) it has not
  /// reported finishing. Until it does, the place shown is the move's
  /// target: reports made before it got there say where it was, and an
  /// engine that fails before it got there reports where it was too — the
  /// listener's choice, not that, is what Try Again resumes.
  var pendingSeek: PendingSeek?
  /// The id of the last move sent to the engine. Never reset, so an
  /// engine's report can never seem to confirm a later move than it made.
  var lastSeekID: SeekID = .zero
  var resumeLookupFailed = false
  var lastRequest: PlayRequest?
  /// A play request waiting for its resume lookup.
  var pendingStart: PlayRequest?
  /// When the listener (or the sleep timer) paused; playing again goes
  /// back by `rules.autoRewind(afterPause:)`.
  var pausedAt: Date?

  public init(rules: PlaybackRules = PlaybackRules(), sleepTimer: SleepTimer = SleepTimer()) {
    self.rules = rules
    self.sleepTimer = sleepTimer
  }

  /// Applies one event at time `now` and returns what to do about it.
  public mutating func reduce(_ event: PlaybackEvent, now: Date) -> [PlaybackCommand] {
    let commands = reduceEvent(event, now: now)
    return commands + syncSleepTimers(now: now)
  }

  private mutating func reduceEvent(_ event: PlaybackEvent, now: Date) -> [PlaybackCommand] {
    switch event {
    case .play(let request): return play(request, now: now)
    case .toggle: return toggle(now: now)
    case .pause: return pause(now: now)
    case .retry: return retry(now: now)
    case .seekInBook(let position): return seekInBook(position, now: now)
    case .seekInChapter(let offset): return seekInChapter(offset, now: now)
    case .seekInTrack(let position): return seekInTrack(position, now: now)
    case .nextChapter: return nextChapter(now: now)
    case .previousChapter: return previousChapter(now: now)
    case .skip(let seconds): return skip(seconds, now: now)
    case .setRate(let rate): return setRate(rate, now: now)
    case .stop: return stop(now: now)
    case .quitting: return quit(now: now)
    case .markFinished(let deleteDownload): return markFinished(deleteDownload: deleteDownload, now: now)
    case .startSleepTimer(let request): return startSleepTimer(request, now: now)
    case .extendSleepTimer(let minutes): return sleepCommands(sleepTimer.extend(minutes: minutes, now: now), now: now)
    case .cancelSleepTimer: return sleepCommands(sleepTimer.cancel(), now: now)
    case .engineReported(let raw): return engineReported(raw, now: now)
    case .resumeLookedUp(let key, let answer): return resumeLookedUp(key, answer, now: now)
    case .downloadFinished(let key, let copy): return downloadFinished(key, copy)
    case .sourcesSwapped(let key, let copy): return sourcesSwapped(key, copy)
    case .serverClosing(let serverID, let revoking):
      return serverClosing(serverID, revokingToken: revoking, now: now)
    case .timerFired(let timer): return timerFired(timer, now: now)
    }
  }

  private mutating func timerFired(_ timer: PlaybackTimer, now: Date) -> [PlaybackCommand] {
    switch timer {
    case .stallWatchdog: return watchdogFired(now: now)
    case .autosave: return autosaveFired(now: now)
    case .sleepTick:
      return sleepCommands(sleepTimer.tick(now: now, playhead: playhead), now: now)
    case .sleepEnd:
      // Gone; if it came a hair early, `syncSleepTimers` sets it again.
      runningTimers.remove(.sleepEnd)
      sleepEndAt = nil
      return sleepCommands(sleepTimer.tick(now: now, playhead: playhead), now: now)
    }
  }
}

/// What the listener wants of playback (§6.3's `wantsPlayback` and
/// `startingPlayback`, which only ever took these three combinations).
enum PlayIntent: Equatable, Sendable {
  /// No sound wanted: paused, ended, failed, or nothing loaded.
  case none
  /// Play (or retry) was asked for and the engine has not reported
  /// `playing` since: whatever else it reports is still starting.
  case starting
  /// `playing` was reached and is still wanted: a buffering now is a stall
  /// to time, not a pause.
  case playing
}

/// A move of the engine it has not reported finishing: where to, and the
/// id its reports will carry once it has.
struct PendingSeek: Equatable, Sendable {
  var id: SeekID
  var location: TrackLocation
}

/// The start of an open listening span.
struct SpanStart: Equatable, Sendable {
  var position: Double
  var at: Date
}
