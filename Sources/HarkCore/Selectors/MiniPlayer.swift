/// What the mini-player bar shows.
public struct MiniPlayerViewState: Equatable, Sendable {
  /// The book title, or "Not Playing".
  public var title: String
  /// The current chapter's title; empty when nothing plays.
  public var subtitle: String
  /// Listening time left in the chapter at the current speed, e.g. "12:05 left";
  /// empty when nothing plays.
  public var timeLeftText: String
  /// How far through the chapter, from 0 to 1.
  public var progress: Double
  /// True while audio plays (the button then offers pause).
  public var isPlaying: Bool
  /// False when nothing is loaded; the bar then shows itself inert.
  public var isActive: Bool
  /// False while only the last book is offered (nothing loaded to skip in).
  public var canSkip: Bool
  /// The book whose cover the bar shows; nil when nothing plays.
  public var book: LibraryPath?
  /// False on the Player page, which shows all of this and more: the same
  /// controls twice on one screen would only ask which one to use.
  public var isShown: Bool

  /// A view-state with every field given.
  public init(
    title: String, subtitle: String, timeLeftText: String,
    progress: Double, isPlaying: Bool, isActive: Bool, book: LibraryPath? = nil, isShown: Bool = true
  ) {
    self.title = title
    self.subtitle = subtitle
    self.timeLeftText = timeLeftText
    self.progress = progress
    self.isPlaying = isPlaying
    self.isActive = isActive
    self.canSkip = isActive
    self.book = book
    self.isShown = isShown
  }
}

/// The mini-player's view-state, from the now-playing book, else the book
/// listened to last (after a restart or a crash), one press from resuming.
public func selectMiniPlayer(_ s: AppState) -> MiniPlayerViewState {
  var state =
    if s.player.nowPlaying == nil, let remembered = s.player.remembered {
      selectMiniPlayer(remembered: remembered, book: s.library.books[remembered.book], s.settings)
    } else {
      selectMiniPlayer(
        nowPlaying: s.player.nowPlaying, book: s.player.session.nowPlaying?.key)
    }
  state.isShown = s.navigation.page != .player
  return state
}

/// The remembered book: its title and where the listener was ("Winding the
/// Trees · 0:12"), or its folder's name while the server has not said more.
private func selectMiniPlayer(remembered: RememberedPlace, book: Loadable<Book>?, _ settings: Settings)
  -> MiniPlayerViewState
{
  var title = pathLeaf(remembered.book.path)
  var place = formatClock(remembered.position)
  if case .loaded(let book)? = book {
    if !book.title.isEmpty { title = book.title }
    place = ChapterPlaces(book, virtualChapterInterval: settings.virtualChapterInterval).label(at: remembered.position)
  }
  var state = MiniPlayerViewState(
    title: title, subtitle: place, timeLeftText: "", progress: 0, isPlaying: false, isActive: true,
    book: remembered.book)
  state.canSkip = false
  return state
}

func selectMiniPlayer(nowPlaying: NowPlaying?, book: LibraryPath? = nil) -> MiniPlayerViewState {
  guard let playing = nowPlaying else {
    return MiniPlayerViewState(
      title: tr("Not Playing"), subtitle: "", timeLeftText: "",
      progress: 0, isPlaying: false, isActive: false)
  }
  let length = playing.chapterEnd - playing.chapterStart
  let into = playing.bookPosition - playing.chapterStart
  let progress = length > 0 ? min(max(into / length, 0), 1) : 0
  // Time left is what the listener will actually wait, so it shrinks with speed
  // (reference rate.ts: a rate of zero or below counts as 1).
  let speed = playing.rate > 0 ? playing.rate : 1
  // Rounded up like the seek bar's remaining time, so the two never
  // disagree by a second ("0:09 left" under "−0:10").
  let left = max(0, playing.chapterEnd - playing.bookPosition) / speed
  return MiniPlayerViewState(
    title: playing.title, subtitle: playing.chapterTitle,
    timeLeftText: trFormat("%@ left", formatClock(roundedUp(left))), progress: progress,
    isPlaying: playing.isPlaying, isActive: true, book: book)
}
