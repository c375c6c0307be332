/// Where each chapter of a loaded book starts on the whole-book timeline,
/// so a position (a bookmark, the resume point, a history span) can be
/// named by its chapter.
struct BookTimeline {
  let chapters: [Chapter]
  /// Whole-book start of each chapter, recomputed (§2.2).
  let starts: [Double]

  init(_ book: Book) {
    let files = bookFileSpecs(book)
    chapters = book.chapters
    starts = book.chapters.map { chapterBookOffset(files: files, chapter: $0) }
  }

  /// The index of the chapter playing at `position`: the last one that
  /// starts at or before it. Nil without chapters.
  func chapterIndex(at position: Double) -> Int? {
    guard !chapters.isEmpty else { return nil }
    var found = 0
    for (index, start) in starts.enumerated() where start <= position { found = index }
    return found
  }

  /// "Chapter 3 · 12:04", or the clock alone for a book without chapters.
  func label(at position: Double) -> String {
    let clock = formatClock(position)
    guard let index = chapterIndex(at: position) else { return clock }
    return "\(prettifyChapterTitle(chapters[index].title)) · \(clock)"
  }

  func chapterTitle(at position: Double) -> String? {
    chapterIndex(at: position).map { prettifyChapterTitle(chapters[$0].title) }
  }
}
