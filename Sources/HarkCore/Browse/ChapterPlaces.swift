/// Where each chapter of a book starts on the whole-book timeline, so a
/// position (a bookmark, the resume point, a history span) can be named by
/// its chapter.
///
/// The chapters are the ones the player will use (§2.6): the book's own, or
/// the evenly spaced ones of a long chapterless file, and they are found by
/// the player's own timeline (`BookTimeline`), so the Book page, a bookmark
/// and the Player page name a place alike. A book whose only marks are its
/// files has no chapters here: the Book page lists none.
struct ChapterPlaces {
  private let timeline: BookTimeline
  /// True when the chapters were made up: they match none of the server's
  /// chapter numbers (the community metadata's, for one).
  let synthetic: Bool

  init(_ book: Book, virtualChapterInterval: Double) {
    let queue = buildBookQueue(book: book, virtualChapterInterval: virtualChapterInterval)
    timeline = queue.timeline
    synthetic = queue.syntheticChapters
  }

  var chapters: [Chapter] { timeline.hasChapterMarks ? timeline.chapters : [] }
  /// Whole-book start of each chapter, recomputed (§2.2).
  var starts: [Double] { timeline.hasChapterMarks ? timeline.chapterMarks.starts : [] }
  /// What each chapter is called on screen (`chapterDisplayTitles`).
  var titles: [String] { timeline.hasChapterMarks ? timeline.titles : [] }

  /// The index of the chapter playing at `position`: the last one that
  /// starts at or before it. Nil without chapters.
  func chapterIndex(at position: Double) -> Int? {
    timeline.hasChapterMarks ? timeline.chapterIndex(at: position) : nil
  }

  /// "Rising Sweep · 0:06": the chapter and the time into it, which is how
  /// it reads ("6 s into Rising Sweep"). The book's clock alone for a book
  /// without named chapters.
  func label(at position: Double) -> String {
    guard let index = chapterIndex(at: position), !titles[index].isEmpty else { return formatClock(position) }
    return "\(titles[index]) · \(formatClock(max(0, position - starts[index])))"
  }

  func chapterTitle(at position: Double) -> String? {
    chapterIndex(at: position).map { titles[$0] }.flatMap { $0.isEmpty ? nil : $0 }
  }
}
