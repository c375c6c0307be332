import Foundation

/// A book's chapters as Hark keeps them, put right once as the server's
/// answer is decoded: in play order (by file, then start), each inside its
/// file when the file's length is known, none overlapping the next. A server
/// that lists chapter 5 first, lets chapters overlap or run past a
/// 51-second book's end otherwise made the Book page read "Chapter 5" above
/// "Chapter 1 of 8" and "16m left".
///
/// - Parameters:
///   - files: the book's files (may be empty); their `seq` is the play order.
///   - bookDuration: the book's length, which is its one file's length when
///     it has no more than one file.
func chaptersInPlayOrder(_ chapters: [Chapter], files: [BookFile], bookDuration: Double) -> [Chapter] {
  guard !chapters.isEmpty else { return chapters }
  let playOrder = files.enumerated().sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }
    .map(\.element)
  var rankOfPath: [String: Int] = [:]
  for (rank, file) in playOrder.enumerated() where rankOfPath[file.relPath] == nil { rankOfPath[file.relPath] = rank }
  // Without a file list the chapters name the files, in order of appearance.
  if playOrder.isEmpty {
    for chapter in chapters where rankOfPath[chapter.filePath] == nil { rankOfPath[chapter.filePath] = rankOfPath.count }
  }
  let fileCount = max(playOrder.count, rankOfPath.count)

  // A chapter whose file is not known keeps the server's order: its start
  // is a time in some file, so it cannot be compared with the others'.
  let unknownFile = Int.max
  func rank(_ chapter: Chapter) -> Int {
    if let rank = rankOfPath[chapter.filePath] { return rank }
    if let index = chapter.fileIndex, index < fileCount { return index }
    return fileCount <= 1 ? 0 : unknownFile  // one file: it can only be that one
  }
  func fileLength(_ rank: Int) -> Double? {
    if playOrder.indices.contains(rank), playOrder[rank].duration > 0 { return playOrder[rank].duration }
    return fileCount <= 1 && bookDuration > 0 ? bookDuration : nil
  }

  let ranked = chapters.enumerated().map { (rank: rank($0.element), offset: $0.offset, chapter: $0.element) }
    .filter { item in fileLength(item.rank).map { item.chapter.start < $0 } ?? true }
    .sorted { lhs, rhs in
      let lhsStart = lhs.rank == unknownFile ? 0 : lhs.chapter.start
      let rhsStart = rhs.rank == unknownFile ? 0 : rhs.chapter.start
      return (lhs.rank, lhsStart, lhs.offset) < (rhs.rank, rhsStart, rhs.offset)
    }
  return ranked.enumerated().map { position, item in
    var chapter = item.chapter
    let next = item.rank != unknownFile && ranked.indices.contains(position + 1) && ranked[position + 1].rank == item.rank
      ? ranked[position + 1].chapter.start : nil
    // A chapter ends where the next in its file starts, or at its file's end.
    if let limit = next ?? fileLength(item.rank), chapter.end <= chapter.start || chapter.end > limit {
      chapter.end = limit
    }
    chapter.end = max(chapter.end, chapter.start)
    return chapter
  }
}
