/// A loaded book's timeline, laid out once: the chapters the listener moves
/// between, where each starts and ends, what each is called, how the seek
/// bar shows them, and where each file starts.
///
/// It is part of the `BookQueue` and is rebuilt only when the queue's
/// chapters, files or length change, so the selectors that run on every
/// engine report (about one a second of the book while playing) read these arrays instead of rebuilding
/// them, and a view comparing two reports of the same book compares arrays
/// that share storage, which takes constant time.
public struct BookTimeline: Equatable, Sendable {
  /// The chapters the listener moves between: the book's chapters (real or
  /// synthetic), or, for a book without any, one per file. A multi-file book
  /// without chapter marks is not given synthetic chapters (§2.6), and its
  /// files are the natural places to jump to.
  public let chapters: [Chapter]
  /// `chapters` as stretches of the whole-book timeline.
  public let spans: [ChapterSpan]
  /// What each of `chapters` is called on screen (`chapterDisplayTitles`).
  public let titles: [String]
  /// `chapters` as the seek bar wants them.
  public let seekBarChapters: [SeekBarChapter]
  /// Where each of `chapters` starts, searchable.
  public let chapterMarks: TimelineMarks
  /// Where each file starts, searchable.
  public let tracks: TimelineMarks
  /// False when `chapters` are the files: the book itself has none, so the
  /// Book page lists no chapters and names places by the clock alone.
  public let hasChapterMarks: Bool

  /// - Parameters: the `BookQueue`'s own parts (see there).
  public init(tracks: [BookTrack], offsets: [Double], total: Double, chapters: [Chapter]) {
    let navigation = chapters.isEmpty ? Self.fileChapters(tracks: tracks, offsets: offsets, total: total) : chapters
    let spans = navigation.map { ChapterSpan(start: $0.bookOffset, end: chapterEndPosition($0)) }
    let titles = chapterDisplayTitles(navigation)
    self.chapters = navigation
    self.spans = spans
    self.titles = titles
    // The chapter's own title, not the display one: the bar words a missing
    // title itself.
    seekBarChapters = zip(navigation, spans).enumerated().map { index, pair in
      SeekBarChapter(span: pair.1, number: index + 1, title: pair.0.title)
    }
    chapterMarks = TimelineMarks(starts: spans.map(\.start))
    self.tracks = TimelineMarks(starts: offsets)
    hasChapterMarks = !chapters.isEmpty
  }

  /// The index of the chapter playing at `bookPosition` (see
  /// `TimelineMarks.index(at:)`). Nil only for an empty book.
  public func chapterIndex(at bookPosition: Double) -> Int? {
    chapterMarks.index(at: bookPosition)
  }

  /// One untitled chapter per file, spanning it.
  private static func fileChapters(tracks: [BookTrack], offsets: [Double], total: Double) -> [Chapter] {
    tracks.enumerated().map { index, track in
      let start = offsets.indices.contains(index) ? offsets[index] : 0
      let next = index + 1 < offsets.count ? offsets[index + 1] : total
      return Chapter(
        index: index, title: "", fileIndex: index, filePath: track.path, start: 0,
        end: max(0, next - start), bookOffset: start)
    }
  }
}
