import Foundation

/// When a book may be downloaded by itself as it starts playing.
public enum AutoDownloadMode: String, Equatable, Sendable {
  case never, wifi, always
}

/// A download's state as the registry has it. Only `downloaded` means
/// every file is whole on disk.
public enum DownloadStatus: String, Codable, Equatable, Sendable {
  case queued, downloading, paused, downloaded, error
}

/// "Play this book": everything the session needs, gathered by the app.
public struct PlayRequest: Equatable, Sendable {
  /// Which book on which server.
  public var key: LibraryPath
  public var book: Book
  public var chapterData: ChaptersResponse?
  /// Where to start on the book timeline; with `startTrack`, nil means
  /// "resume where the listener was" (a lookup).
  public var startBookPosition: Double?
  /// Start at the beginning of this track.
  public var startTrack: Int?
  /// The downloaded files, only when the download is complete.
  public var local: LocalCopy?
  /// The download entry's status, nil when there is none.
  public var download: DownloadStatus?
  /// A signed-in client exists for `key.serverID`.
  public var signedIn: Bool
  /// Speed for a book with none of its own.
  public var defaultRate: Double
  public var virtualChapterInterval: Double
  public var autoDownload: AutoDownloadMode

  public init(
    key: LibraryPath, book: Book, chapterData: ChaptersResponse? = nil,
    startBookPosition: Double? = nil, startTrack: Int? = nil, local: LocalCopy? = nil,
    download: DownloadStatus? = nil, signedIn: Bool = true, defaultRate: Double = 1,
    virtualChapterInterval: Double = 1800, autoDownload: AutoDownloadMode = .never
  ) {
    self.key = key
    self.book = book
    self.chapterData = chapterData
    self.startBookPosition = startBookPosition
    self.startTrack = startTrack
    self.local = local
    self.download = download
    self.signedIn = signedIn
    self.defaultRate = defaultRate
    self.virtualChapterInterval = virtualChapterInterval
    self.autoDownload = autoDownload
  }
}

/// Ways to set the sleep timer.
public enum SleepTimerRequest: Equatable, Sendable {
  case minutes(Int)
  /// At the end of the chapter span with this index (`BookTimeline.spans`).
  case endOfChapter(Int)
  case endOfBook
}

/// Everything that can happen to playback. Time is not here: it comes with
/// every event as `reduce`'s `now`.
public enum PlaybackEvent: Equatable, Sendable {
  // The listener.
  case play(PlayRequest)
  case toggle
  case pause
  case retry
  case seekInBook(Double)
  /// Seconds from the start of the current chapter span.
  case seekInChapter(Double)
  /// Seconds from the start of the current track.
  case seekInTrack(Double)
  case nextChapter
  case previousChapter
  /// Back (negative) or forward by this many seconds of content.
  case skip(seconds: Double)
  case setRate(Double)
  case stop
  /// Hark is quitting: the place is saved now, as at a pause, because no
  /// engine report will come to take the save. The book stays loaded.
  case quitting
  /// Mark the book finished; delete its download if asked and downloaded.
  case markFinished(deleteDownload: Bool)
  case startSleepTimer(SleepTimerRequest)
  case extendSleepTimer(minutes: Int)
  case cancelSleepTimer

  // The engine.
  case engineReported(EngineSnapshot)

  // Answers and outside changes.
  case resumeLookedUp(LibraryPath, ResumeLookup)
  /// A book's download completed.
  case downloadFinished(LibraryPath, LocalCopy)
  /// The engine took the book's sources from its download (`swapSources`).
  case sourcesSwapped(LibraryPath, LocalCopy)
  /// A server connection is being removed or signed out of; with
  /// `revokingToken` its queued saves are flushed first.
  case serverClosing(serverID: String, revokingToken: Bool)
  case timerFired(PlaybackTimer)
}
