/// Each file's chapter starts and ends, in seconds into it and ascending:
/// the `EngineSource.marks` of a book's tracks, so that a playing engine
/// reports its place as a chapter begins (the chapter shown changes then,
/// not up to a second later) and ticks its seconds from there.
///
/// From the chapters the listener sees (the timeline's: real, synthetic, or
/// chapters that could not be made into file clips), placed in the files by
/// the book's layout, so every book gets them. They used to come from the
/// chapter clips alone, and a book whose chapters were not trusted as clips
/// got none: its chapter label changed at the next whole second of the
/// file, up to a second late.
///
/// A point on a file's start needs no mark (a file switch is reported at
/// once); one at or past a file's known end is not a place in it (a
/// rounded chapter end, say).
public func engineMarks(_ queue: BookQueue) -> [[Double]] {
  let offsets = queue.offsets
  var marks = Array(repeating: Set<Double>(), count: queue.tracks.count)
  func mark(_ point: Double) {
    guard point.isFinite, let file = offsets.lastIndex(where: { $0 < point }), marks.indices.contains(file) else {
      return
    }
    let inFile = point - offsets[file]
    if let length = queue.tracks[file].duration, inFile >= length { return }
    marks[file].insert(inFile)
  }
  for span in queue.timeline.spans {
    mark(span.start)
    mark(span.end)
  }
  return marks.map { $0.sorted() }
}
