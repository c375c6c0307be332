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
/// is the loaded book's (`BookTimeline.seekBarChapters`), built once with
/// the book, and equal arrays that share storage compare in constant time,
/// so feeding it on every tick costs nothing.
public struct SeekBarInput: Equatable, Sendable {
  /// In book order. Empty for a book without chapters (the bar then spans
  /// the whole book).
  public private(set) var chapters: [SeekBarChapter]
  /// Where each of `chapters` starts, searchable; kept with them.
  private var marks: TimelineMarks
  /// Whole-book content position, seconds.
  public var position: Double
  /// The book's length in seconds; nil or ≤ 0 while unknown.
  public var duration: Double?
  /// Playback speed; ≤ 0 counts as 1×.
  public var rate: Double

  /// A bar over chapters of its own (a demo, a test); the player's is built
  /// from its timeline.
  public init(chapters: [SeekBarChapter], position: Double, duration: Double?, rate: Double = 1) {
    self.init(
      chapters: chapters, marks: TimelineMarks(starts: chapters.map(\.span.start)), position: position,
      duration: duration, rate: rate)
  }

  /// A bar over the loaded book's chapters, sharing the timeline's arrays.
  public init(timeline: BookTimeline, position: Double, duration: Double?, rate: Double = 1) {
    self.init(
      chapters: timeline.seekBarChapters, marks: timeline.chapterMarks, position: position, duration: duration,
      rate: rate)
  }

  private init(chapters: [SeekBarChapter], marks: TimelineMarks, position: Double, duration: Double?, rate: Double) {
    self.chapters = chapters
    self.marks = marks
    self.position = position
    self.duration = duration
    self.rate = rate
  }

  /// The duration when it is known.
  var knownDuration: Double? {
    guard let duration, duration.isFinite, duration > 0 else { return nil }
    return duration
  }

  /// The index of the chapter playing at `bookPosition`, by the player's
  /// one rule (`TimelineMarks.index(at:)`), so a zero-length chapter is
  /// never current unless it is the last. Nil without chapters.
  func chapterIndex(at bookPosition: Double) -> Int? {
    marks.index(at: bookPosition)
  }
}
