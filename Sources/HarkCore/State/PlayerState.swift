import Foundation

/// The playback part of the state: the pure player session (§6) and the
/// book the listener asked to play while its details are still loading.
public struct PlayerState: Equatable, Sendable {
  /// The player itself: loaded book, engine snapshot, speed, sleep timer.
  public var session: PlaybackSession
  /// Play was pressed for a book whose files and chapters are not loaded
  /// yet; it starts when they are (a folder path never reaches the engine).
  public var waiting: PendingPlay?
  /// The engine's own words for its last error ("The connection to the
  /// server was lost…"), shown instead of a generic failure when present.
  public var engineMessage: String?
  /// The book that ended and the countdown to the next one, while the
  /// Player page offers it.
  public var upNext: UpNext?
  /// The book listened to last before Hark started, offered by the
  /// mini-player until a book is loaded.
  public var remembered: RememberedPlace?
  /// The last bookmark added where playback is (Ctrl+B, the Player's
  /// button): the window confirms it, since the Book page that lists it
  /// may not be on screen.
  public var bookmarkNotice: BookmarkNotice?

  public init() {
    var rules = PlaybackRules()
    // Hark's speed control goes to 3× (the reference stops at 2×).
    rules.rateRange = Settings.defaultSpeedRange
    // Saves every 10 s (the reference: 15 s), so a killed app plus the
    // auto-rewind on resume stays within 15 s of what was heard.
    rules.saveInterval = .seconds(10)
    session = PlaybackSession(rules: rules)
  }

  /// The loaded book and where playback is, for the mini-player and the
  /// pages; nil when nothing is loaded.
  public var nowPlaying: NowPlaying? {
    guard let loaded = session.nowPlaying else { return nil }
    let position = session.bookPosition
    let current = session.currentChapterSpan
    let span = current?.span
    let titles = loaded.queue.timeline.titles
    let title = current.flatMap { titles.indices.contains($0.index) ? titles[$0.index] : nil }
    return NowPlaying(
      title: loaded.title, author: loaded.author,
      chapterTitle: title ?? "",
      bookPosition: position, chapterStart: span?.start ?? 0, chapterEnd: span?.end ?? loaded.queue.total,
      bookDuration: loaded.queue.total, rate: session.rate, isPlaying: session.isPlaying)
  }
}

/// Where the listener was in the book they listened to last.
public struct RememberedPlace: Equatable, Sendable {
  public var book: LibraryPath
  /// Whole-book seconds.
  public var position: Double
}

/// A play request waiting for its book to load.
public struct PendingPlay: Equatable, Sendable {
  public var book: LibraryPath
  public var start: PlayStart
  public var requestedAt: Date
}

/// Where a play request starts.
public enum PlayStart: Equatable, Sendable {
  /// Where the listener left off (looked up: server, mirror, queue).
  case resume
  /// At this whole-book position (a bookmark, a history entry).
  case position(Double)
  /// At the start of this chapter (0-based, in the book's chapter list).
  case chapter(Int)
}

/// The loaded book and where playback is. Positions are seconds on the
/// whole-book timeline, so chapters of multi-file books compare directly.
public struct NowPlaying: Equatable, Sendable {
  /// The book's title.
  public var title: String
  /// The book's author; may be empty.
  public var author: String
  /// The title of the chapter at `bookPosition`.
  public var chapterTitle: String
  /// Playback position on the whole-book timeline, in seconds.
  public var bookPosition: Double
  /// Where the current chapter starts on the book timeline, in seconds.
  public var chapterStart: Double
  /// Where the current chapter ends on the book timeline, in seconds.
  public var chapterEnd: Double
  /// Length of the whole book, in seconds.
  public var bookDuration: Double
  /// Playback speed; 1 is normal.
  public var rate: Double
  /// True while audio is playing, false while paused.
  public var isPlaying: Bool

  /// A now-playing value with every field given.
  public init(
    title: String, author: String, chapterTitle: String,
    bookPosition: Double, chapterStart: Double, chapterEnd: Double,
    bookDuration: Double, rate: Double = 1, isPlaying: Bool = false
  ) {
    self.title = title
    self.author = author
    self.chapterTitle = chapterTitle
    self.bookPosition = bookPosition
    self.chapterStart = chapterStart
    self.chapterEnd = chapterEnd
    self.bookDuration = bookDuration
    self.rate = rate
    self.isPlaying = isPlaying
  }
}
