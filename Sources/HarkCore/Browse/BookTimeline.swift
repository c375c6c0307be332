/// Where each chapter of a loaded book starts on the whole-book timeline,
/// so a position (a bookmark, the resume point, a history span) can be
/// named by its chapter.
///
/// The chapters are the ones the player will use (§2.6): the book's own, or
/// the evenly spaced ones of a long chapterless file, so the Book page, a
/// bookmark and the Player page name a place alike.
struct BookTimeline {
  let chapters: [Chapter]
  /// Whole-book start of each chapter, recomputed (§2.2).
  let starts: [Double]
  /// What each chapter is called on screen (`chapterDisplayTitles`).
  let titles: [String]
  /// True when `chapters` were made up: they match none of the server's
  /// chapter numbers (the community metadata's, for one).
  let synthetic: Bool

  init(_ book: Book, virtualChapterInterval: Double) {
    let queue = buildBookQueue(book: book, virtualChapterInterval: virtualChapterInterval)
    chapters = queue.chapters
    starts = queue.chapters.map(\.bookOffset)
    titles = chapterDisplayTitles(queue.chapters)
    synthetic = queue.syntheticChapters
  }

  /// The index of the chapter playing at `position`: the last one that
  /// starts at or before it. Nil without chapters.
  func chapterIndex(at position: Double) -> Int? {
    guard !chapters.isEmpty else { return nil }
    var found = 0
    for (index, start) in starts.enumerated() where start <= position { found = index }
    return found
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
