/// Where a chapter ends on the whole-book timeline: its start plus its length
/// (never negative). A content position; the playback speed does not move it.
public func chapterEndPosition(_ chapter: Chapter) -> Double {
  chapter.bookOffset + max(0, chapter.end - chapter.start)
}

/// How long until a chapter ends, for "sleep at the end of chapter N".
public struct ChapterCountdown: Equatable, Sendable {
  public var chapter: Chapter
  /// Whole-book content position of the chapter's end.
  public var endPosition: Double
  /// Real listening seconds from now until `endPosition` at the current speed.
  public var untilEnd: Double

  public init(chapter: Chapter, endPosition: Double, untilEnd: Double) {
    self.chapter = chapter
    self.endPosition = endPosition
    self.untilEnd = untilEnd
  }
}

/// How many countdowns a menu wants: at least `minCount`, and past that only
/// up to the first chapter ending later than `maxSeconds` from now.
public struct CountdownLimit: Equatable, Sendable {
  public var minCount: Int
  public var maxSeconds: Double

  public init(minCount: Int, maxSeconds: Double) {
    self.minCount = minCount
    self.maxSeconds = maxSeconds
  }
}

/// §2.10: the current chapter and every later one, each with the real time
/// until it ends at `rate`. The current chapter is the timeline's (§2.9:
/// the last one starting at or before `bookPosition`). With a `limit` the
/// list stops after the first chapter ending more than `maxSeconds` away
/// (that one is kept, so the menu always offers one choice past the
/// horizon), but never shows fewer than `minCount` chapters while there are
/// that many.
public func chapterCountdowns(
  _ timeline: BookTimeline, bookPosition: Double, limit: CountdownLimit? = nil, rate: Double = 1
) -> [ChapterCountdown] {
  guard let current = timeline.chapterIndex(at: bookPosition) else { return [] }
  let all = timeline.chapters.indices[current...].map { index in
    let end = timeline.spans[index].end
    return ChapterCountdown(
      chapter: timeline.chapters[index], endPosition: end,
      untilEnd: wallClockSeconds(end - bookPosition, rate: rate))
  }
  guard let limit else { return all }
  let firstOver = all.firstIndex { $0.untilEnd > limit.maxSeconds }
  let count = max(limit.minCount, firstOver.map { $0 + 1 } ?? all.count)
  return Array(all.prefix(count))
}
