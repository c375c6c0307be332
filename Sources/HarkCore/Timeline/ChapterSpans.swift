/// A stretch of the whole-book timeline that the listener moves between with
/// Next/Previous chapter and sees on the chapter seek bar.
public struct ChapterSpan: Equatable, Sendable {
  public var start: Double
  public var end: Double

  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// Seconds of content; never negative.
  public var length: Double { max(0, end - start) }
}
