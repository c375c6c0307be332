/// One chapter as an engine plays it: a stretch of one file. Engines that
/// show chapter controls of their own (lock screens, MPRIS clients) need the
/// chapters in file terms, not whole-book terms (REFERENCE-BEHAVIOR §0
/// "PlaybackChapter").
public struct ChapterClip: Equatable, Sendable {
  /// Index into the book's tracks.
  public var fileIndex: Int
  public var startInFile: Double
  /// 0 means "to the end of the file".
  public var endInFile: Double
  public var title: String

  public init(fileIndex: Int, startInFile: Double, endInFile: Double, title: String) {
    self.fileIndex = fileIndex
    self.startInFile = startInFile
    self.endInFile = endInFile
    self.title = title
  }
}

/// §2.4: the chapters as clips of files, or `[]` whenever they cannot be
/// trusted to cover the book: fewer than two chapters, a chapter whose file
/// cannot be found, an empty chapter that is not the last in its file, or a
/// file with no chapter at all. An empty list means "no clip controls",
/// which is always safe; a wrong list would skip audio.
///
/// Chapters keep their order; a file's last chapter runs to the end of the
/// file whatever its `end` says, since servers often round that value.
public func buildChapterClips(specs: [FileSpec], chapters: [Chapter]) -> [ChapterClip] {
  guard chapters.count > 1 else { return [] }
  let fileIndices = chapters.map { resolvedFileIndex(of: $0, in: specs) }
  guard !fileIndices.contains(where: { $0 == nil }) else { return [] }
  var clips: [ChapterClip] = []
  for (position, chapter) in chapters.enumerated() {
    let fileIndex = fileIndices[position]!
    let isLastInFile = position == chapters.count - 1 || fileIndices[position + 1] != fileIndex
    if !isLastInFile && chapter.end <= chapter.start { return [] }
    clips.append(
      ChapterClip(
        fileIndex: fileIndex, startInFile: max(0, chapter.start),
        endInFile: isLastInFile ? 0 : max(0, chapter.end), title: chapter.title))
  }
  guard Set(clips.map(\.fileIndex)).count == specs.count else { return [] }
  return clips
}

/// §2.3: a chapter's file, by path first (the reliable key), then by an
/// in-range `file_index`; nil when neither finds it.
func resolvedFileIndex(of chapter: Chapter, in specs: [FileSpec]) -> Int? {
  if let byPath = specs.firstIndex(where: { $0.path == chapter.filePath }) { return byPath }
  if let index = chapter.fileIndex, specs.indices.contains(index) { return index }
  return nil
}
