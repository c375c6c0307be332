import Foundation

/// The playback part of the state. A placeholder shape until the player issue
/// fills it: enough for the mini-player to render.
public struct PlayerState: Equatable, Sendable {
  /// The book being played, or nil when nothing is loaded.
  public var nowPlaying: NowPlaying?

  /// Nothing playing unless given.
  public init(nowPlaying: NowPlaying? = nil) {
    self.nowPlaying = nowPlaying
  }
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
