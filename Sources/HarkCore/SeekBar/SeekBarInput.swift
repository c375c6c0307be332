/// The chapter seek bar's model (issue 5): pure rules for a bar that spans
/// the chapter playing, says how far in and how long is left, previews a
/// drag, throttles the seeks a long drag sends, steps with the keyboard and
/// follows playback into the next chapter. The widget (`Views/Player`) only
/// forwards events and draws what `SeekBarModel` says; time arrives as a
/// parameter in milliseconds, so the rules run in virtual time in tests.

/// One chapter as the seek bar spans it: a stretch of the whole-book
/// timeline and the number the listener knows it by.
public struct SeekBarChapter: Equatable, Sendable {
  public var span: ChapterSpan
  /// 1-based, as the chapter list shows it.
  public var number: Int
  public var title: String

  public init(span: ChapterSpan, number: Int, title: String = "") {
    self.span = span
    self.number = number
    self.title = title
  }
}

/// What the bar is fed on every store change.
///
/// It carries the whole chapter list rather than only the current chapter:
/// the bar needs the neighbours to re-base itself when playback crosses a
/// chapter end and for a step back from a chapter's first second. The list
/// changes only with the book, and equal arrays that share storage compare
/// in constant time, so feeding it on every tick costs nothing.
public struct SeekBarInput: Equatable, Sendable {
  /// In book order. Empty for a book without chapters (the bar then spans
  /// the whole book).
  public var chapters: [SeekBarChapter]
  /// Whole-book content position, seconds.
  public var position: Double
  /// The book's length in seconds; nil or ≤ 0 while unknown.
  public var duration: Double?
  /// Playback speed; ≤ 0 counts as 1×.
  public var rate: Double

  public init(chapters: [SeekBarChapter], position: Double, duration: Double?, rate: Double = 1) {
    self.chapters = chapters
    self.position = position
    self.duration = duration
    self.rate = rate
  }

  /// The duration when it is known.
  var knownDuration: Double? {
    guard let duration, duration.isFinite, duration > 0 else { return nil }
    return duration
  }

  /// The index of the chapter playing at `bookPosition`: the last that
  /// starts at or before it (the first when none does), the same rule as
  /// `chapterAt`, so a zero-length chapter is never current unless it is
  /// the last. Nil without chapters.
  func chapterIndex(at bookPosition: Double) -> Int? {
    guard !chapters.isEmpty else { return nil }
    var found = 0
    for (index, chapter) in chapters.enumerated() {
      guard bookPosition >= chapter.span.start else { break }
      found = index
    }
    return found
  }
}

extension BookQueue {
  /// The queue's navigation chapters (files for a book without chapters) as
  /// the seek bar wants them.
  public var seekBarChapters: [SeekBarChapter] {
    zip(navigationChapters, chapterSpans).enumerated().map { index, pair in
      SeekBarChapter(span: pair.1, number: index + 1, title: pair.0.title)
    }
  }
}
