/// The engine's own length of a file wins over the server's once the file
/// is parsed: the server's `files[].duration` for an MP3 made by ffmpeg
/// counts the encoder's delay and padding (tens of milliseconds per file),
/// which the engine trims, so the timeline drifted from the sound by that
/// much more at every file.
extension BookQueue {
  /// How far the engine's figure may be from the server's and still be
  /// taken: delay and padding are a fraction of a second, while a figure
  /// seconds off is a guess (oggdemux's estimate of a streamed file, say).
  static func isPlausible(_ engine: Double, against server: Double?) -> Bool {
    guard let server, server > 0 else { return true }
    return abs(engine - server) <= max(1, server * 0.02)
  }

  /// Lays the book out with the engine's length of track `index`: later
  /// tracks, their chapters and the total move by the difference. Saved
  /// places keep the server's layout (`savedOffsets`). False when nothing
  /// changed (the same length, an implausible one, no such track).
  @discardableResult
  public mutating func adoptEngineDuration(_ seconds: Double, track index: Int) -> Bool {
    guard tracks.indices.contains(index), seconds.isFinite, seconds > 0 else { return false }
    let old = tracks[index].duration
    guard Self.isPlausible(seconds, against: old) else { return false }
    let delta = seconds - (old ?? 0)
    guard abs(delta) >= 0.000_5 else { return false }
    var newTracks = tracks
    newTracks[index].duration = seconds
    let newOffsets = offsets.enumerated().map { $0.offset > index ? $0.element + delta : $0.element }
    let newChapters = chapters.map { chapter -> Chapter in
      // The chapter's file as `chapterBookOffset` finds it: by path, else by index.
      let byIndex = chapter.fileIndex.flatMap { tracks.indices.contains($0) ? $0 : nil }
      let owner = tracks.firstIndex { $0.path == chapter.filePath } ?? byIndex ?? 0
      guard owner > index else { return chapter }
      var moved = chapter
      moved.bookOffset += delta
      return moved
    }
    // Each assignment lays the timeline out again: once per file, not per report.
    self = BookQueue(
      tracks: newTracks, offsets: newOffsets, total: max(0, total + delta), chapters: newChapters,
      chapterClips: chapterClips, syntheticChapters: syntheticChapters, savedOffsets: savedOffsets)
    return true
  }
}
