/// A stretch of the whole-book timeline that the listener moves between with
/// Next/Previous chapter and sees on the chapter seek bar.
public struct ChapterSpan: Equatable, Sendable {
  public var start: Double
  public var end: Double

  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// Seconds of content; never negative.
  public var length: Double { max(0, end - start) }
}

extension BookQueue {
  /// The chapters the listener moves between: the book's chapters, or, for
  /// a book without any, one per track. A multi-file book without chapter
  /// marks is not given synthetic chapters (§2.6), and its files are the
  /// natural places to jump to.
  public var navigationChapters: [Chapter] {
    guard chapters.isEmpty else { return chapters }
    return tracks.enumerated().map { index, track in
      let start = offsets.indices.contains(index) ? offsets[index] : 0
      let next = index + 1 < offsets.count ? offsets[index + 1] : total
      return Chapter(
        index: index, title: "", fileIndex: index, filePath: track.path, start: 0,
        end: max(0, next - start), bookOffset: start)
    }
  }

  /// `navigationChapters` as spans of the whole-book timeline.
  public var chapterSpans: [ChapterSpan] {
    navigationChapters.map { ChapterSpan(start: $0.bookOffset, end: chapterEndPosition($0)) }
  }

  /// The index of the span playing at `bookPosition`: the last that starts at
  /// or before it (the first when none does). Nil only for an empty queue.
  public func chapterSpanIndex(at bookPosition: Double) -> Int? {
    let spans = chapterSpans
    guard !spans.isEmpty else { return nil }
    var found = 0
    for (index, span) in spans.enumerated() {
      guard bookPosition >= span.start else { break }
      found = index
    }
    return found
  }
}
