import Foundation

/// What the desktop's media controls (MPRIS: GNOME Shell's player, media
/// keys, headset buttons) show and offer. Chapter-relative, like the Player
/// page's seek bar: the chapter is the "track", the book the "album".
///
/// Everything here but the position changes rarely, so the desktop is told
/// about each change; the position is asked for when wanted (MPRIS's rule).
public struct MediaPlayerState: Equatable, Sendable {
  public enum Status: String, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
  }

  public var status: Status
  /// An object path naming the chapter, so a "SetPosition" aimed at a
  /// chapter that has since changed can be ignored (MPRIS's rule).
  public var trackID: String
  /// The chapter's title (the book's when it has no chapters); "" when
  /// nothing is loaded.
  public var title: String
  public var album: String
  public var artists: [String]
  /// The book whose cover the desktop shows.
  public var book: LibraryPath?
  /// The chapter's length, in microseconds.
  public var length: Int64
  /// Where the chapter starts on the whole-book timeline, in seconds.
  public var chapterStart: Double
  public var rate: Double
  public var minimumRate: Double
  public var maximumRate: Double
  public var canPlay: Bool
  public var canPause: Bool
  public var canSeek: Bool
  public var canGoNext: Bool
  public var canGoPrevious: Bool

  public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
}

public func selectMediaPlayer(_ s: AppState) -> MediaPlayerState {
  let range = s.player.session.rules.rateRange
  guard let page = selectPlayerPage(s) else {
    // Nothing loaded: Play resumes the book listened to last, if any.
    let remembered = s.player.remembered
    let title = remembered.map { s.library.books[$0.book].flatMap(loadedTitle) ?? pathLeaf($0.book.path) }
    return MediaPlayerState(
      status: .stopped, trackID: MediaPlayerState.noTrack, title: "", album: title ?? "", artists: [],
      book: remembered?.book,
      length: 0, chapterStart: 0, rate: s.player.session.rate > 0 ? s.player.session.rate : 1,
      minimumRate: range.lowerBound, maximumRate: range.upperBound, canPlay: remembered != nil,
      canPause: false, canSeek: false, canGoNext: false, canGoPrevious: false)
  }
  let status: MediaPlayerState.Status =
    switch page.status {
    case .playing, .loading: .playing
    case .paused, .failed: .paused
    case .ended: .stopped
    }
  let chapter = page.currentChapter ?? 0
  let hasChapters = page.chapters.count > 1
  return MediaPlayerState(
    status: status, trackID: "/dev/hark/Hark/chapter/\(chapter)",
    title: page.chapterTitle.isEmpty ? page.title : page.chapterTitle, album: page.title,
    artists: page.author.isEmpty ? [] : [page.author], book: page.book,
    length: microseconds(page.chapterEnd - page.chapterStart), chapterStart: page.chapterStart,
    rate: page.rate, minimumRate: range.lowerBound, maximumRate: range.upperBound,
    canPlay: true, canPause: true, canSeek: true,
    canGoNext: hasChapters && chapter < page.chapters.count - 1, canGoPrevious: hasChapters)
}

/// Seconds into the current chapter, in microseconds: MPRIS's Position.
public func selectMediaPlayerPosition(_ s: AppState) -> Int64 {
  guard let page = selectPlayerPage(s) else { return 0 }
  return microseconds(page.bookPosition - page.chapterStart)
}

private func loadedTitle(_ book: Loadable<Book>) -> String? {
  if case .loaded(let loaded) = book, !loaded.title.isEmpty { return loaded.title }
  return nil
}

private func microseconds(_ seconds: Double) -> Int64 {
  guard seconds.isFinite, seconds > 0 else { return 0 }
  return Int64(min(seconds, 1e9) * 1_000_000)
}
