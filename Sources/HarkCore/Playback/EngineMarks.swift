/// Each file's chapter starts and ends, in seconds into it and ascending:
/// the `EngineSource.marks` of a book's tracks, so that a playing engine
/// reports its place as a chapter begins (the chapter shown changes then,
/// not up to a second later) and ticks its seconds from there.
///
/// From the chapters as file clips: a book whose chapters could not be
/// made into clips gets none, and its reports fall on the whole seconds of
/// each file (synthetic chapters start on whole minutes, so they still land
/// on one).
public func engineMarks(_ clips: [ChapterClip], trackCount: Int) -> [[Double]] {
  var marks = Array(repeating: Set<Double>(), count: max(0, trackCount))
  for clip in clips where marks.indices.contains(clip.fileIndex) {
    for mark in [clip.startInFile, clip.endInFile] where mark.isFinite && mark > 0 {
      marks[clip.fileIndex].insert(mark)
    }
  }
  return marks.map { $0.sorted() }
}
