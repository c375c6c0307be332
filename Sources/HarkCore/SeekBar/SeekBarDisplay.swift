import Foundation

/// What the bar draws: the thumb and the times at each end.
///
/// Elapsed is content time into the chapter (it matches chapter lists,
/// bookmarks and the preview). Remaining is listening time at the playback
/// speed: it answers "when does this chapter end?", the way every other
/// countdown in Hark does (time left on the home shelf, the sleep timer's
/// end-of-chapter menu). So at 2× the two ends do not add up to the
/// chapter's length, and the preview gives content times for that.
public struct SeekBarDisplay: Equatable, Sendable {
  /// False with nothing to seek in: the bar is insensitive.
  public var isSeekable: Bool
  /// The span's length in seconds: the slider's upper bound.
  public var length: Double
  /// Seconds into the span: the slider's value.
  public var elapsed: Double
  /// 0…1, never NaN (a zero-length span shows 0).
  public var fraction: Double
  /// "3:12".
  public var elapsedText: String
  /// "−12:48" (a minus sign, so it lines up with tabular figures); empty
  /// when unknown.
  public var remainingText: String
  /// "3:12 of 15:00": what assistive technologies read for the slider.
  public var valueText: String

  public init(span: SeekBarSpan, position: Double, rate: Double) {
    let elapsed = span.elapsed(at: position)
    isSeekable = true
    length = span.length
    self.elapsed = elapsed
    fraction = span.length > 0 ? elapsed / span.length : 0
    elapsedText = formatClock(elapsed)
    remainingText = "\u{2212}" + formatClock(roundedUp(wallClockSeconds(span.length - elapsed, rate: rate)))
    valueText = trFormat("%1$@ of %2$@", elapsedText, formatClock(span.length))
  }

  /// Nothing to seek in (no chapters, duration unknown): still say how far
  /// playback has got.
  static func unseekable(elapsed: Double) -> SeekBarDisplay {
    var display = SeekBarDisplay(span: SeekBarSpan(start: 0, end: 0), position: 0, rate: 1)
    display.isSeekable = false
    display.elapsedText = formatClock(elapsed)
    display.remainingText = ""
    display.valueText = display.elapsedText
    return display
  }
}

/// What the bubble over a dragged thumb says.
public struct SeekBarPreview: Equatable, Sendable {
  /// The whole-book position under the pointer: what a release seeks to.
  public var position: Double
  /// "Chapter 4 · 3:12 of 15:00", or "3:12 of 15:00" for a book without
  /// chapters.
  public var chapterText: String
  /// "Book · 1:02:33 of 9:41:00", or "Book · 1:02:33" while the book's
  /// length is unknown.
  public var bookText: String

  init(span: SeekBarSpan, position: Double, duration: Double?) {
    self.position = position
    let inChapter = trFormat("%1$@ of %2$@", formatClock(span.elapsed(at: position)), formatClock(span.length))
    chapterText = span.chapter.map { trFormat("Chapter %1$d · %2$@", $0.number, inChapter) } ?? inChapter
    bookText =
      duration.map { trFormat("Book · %1$@ of %2$@", formatClock(position), formatClock($0)) }
      ?? trFormat("Book · %@", formatClock(position))
  }
}

/// A countdown shows a second until it has fully passed ("0:01" through the
/// last second), so elapsed (rounded down) and remaining add up at 1×.
/// Rounded to the millisecond first, so 12.0000001 does not become 13.
func roundedUp(_ seconds: Double) -> Double {
  ((seconds * 1000).rounded() / 1000).rounded(.up)
}
