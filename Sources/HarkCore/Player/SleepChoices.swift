/// A sleep-timer choice that ends with a chapter: the Player page's menu
/// says when that is on the wall clock ("End of This Chapter · 10:42 PM"),
/// so a listener can pick the chapter that ends before they want to sleep.
public struct SleepChapterChoice: Equatable, Sendable {
  /// The chapter span's index (what `.endOfChapter` takes).
  public var index: Int
  /// "End of This Chapter", "End of The Graft".
  public var title: String
  /// Listening seconds (at the current speed) until the chapter ends.
  public var secondsUntilEnd: Double

  public init(index: Int, title: String, secondsUntilEnd: Double) {
    self.index = index
    self.title = title
    self.secondsUntilEnd = secondsUntilEnd
  }
}

/// How many chapters the sleep menu offers: this one and the next two.
public let sleepChapterChoiceCount = 3

/// This chapter and the next ones, with the listening time until each ends.
func sleepChapterChoices(
  spans: [ChapterSpan], titles: [String], current: Int?, position: Double, rate: Double
) -> [SleepChapterChoice] {
  guard let current, spans.indices.contains(current) else { return [] }
  let speed = rate > 0 ? rate : 1
  return (current..<min(current + sleepChapterChoiceCount, spans.count)).map { index in
    let name = titles.indices.contains(index) && !titles[index].isEmpty ? titles[index] : trFormat("Chapter %d", index + 1)
    return SleepChapterChoice(
      index: index, title: index == current ? tr("End of This Chapter") : trFormat("End of %@", name),
      secondsUntilEnd: max(0, spans[index].end - position) / speed)
  }
}
