/// One audio file of a book, in play order (REFERENCE-BEHAVIOR §2.1).
public struct FileSpec: Equatable, Sendable {
  public var path: String
  public var duration: Double
  public var size: Int64

  public init(path: String, duration: Double, size: Int64) {
    self.path = path
    self.duration = duration
    self.size = size
  }
}

/// §2.1: a book's distinct audio files in play order. Never empty: with no
/// files and no chapters the book's own path is its one file.
/// - Parameter chapterData: the `/chapters` answer when it was loaded; its
///   files win, and its chapters (even none) replace the book's.
public func bookFileSpecs(_ book: Book, chapterData: ChaptersResponse? = nil) -> [FileSpec] {
  let files = (chapterData?.files).flatMap { $0.isEmpty ? nil : $0 } ?? book.files
  if !files.isEmpty {
    // A stable sort: equal `seq` values keep the server's order.
    return files.enumerated()
      .sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }
      .map { FileSpec(path: $0.element.relPath, duration: $0.element.duration, size: $0.element.size) }
  }
  let chapters = chapterData?.chapters ?? book.chapters
  if !chapters.isEmpty {
    var order: [String] = []
    var longest: [String: Double] = [:]
    for chapter in chapters {
      if longest[chapter.filePath] == nil { order.append(chapter.filePath) }
      longest[chapter.filePath] = max(longest[chapter.filePath] ?? 0, chapter.end)
    }
    return order.map { FileSpec(path: $0, duration: longest[$0] ?? 0, size: 0) }
  }
  return [FileSpec(path: book.relPath, duration: book.duration, size: book.size)]
}

/// §2.2: where a chapter starts on the whole-book timeline. The server's
/// `book_offset` is unreliable, so it is always recomputed: the durations of
/// the files before the chapter's file (found by path, else by an in-range
/// index, else none) plus the chapter's start in its file.
public func chapterBookOffset(files: [FileSpec], chapter: Chapter) -> Double {
  var fileIndex = files.firstIndex { $0.path == chapter.filePath }
  if fileIndex == nil, let index = chapter.fileIndex, files.indices.contains(index) { fileIndex = index }
  let before = files.prefix(fileIndex ?? 0).reduce(0.0) { total, file in
    total + (file.duration.isFinite && file.duration > 0 ? file.duration : 0)
  }
  return before + chapter.start
}
