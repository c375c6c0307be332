/// A keyboard step on the focused bar.
public enum SeekBarStep: Equatable, Sendable {
  /// Right/Left arrows: `SeekBarModel.stepSeconds`.
  case forward, backward
  /// Page Up/Down: `SeekBarModel.pageSeconds`.
  case pageForward, pageBackward
  /// Home: the chapter's start.
  case chapterStart
  /// End: the chapter's end, which is where the next one starts.
  case chapterEnd
}

extension SeekBarModel {
  /// How far into a chapter still counts as its start when stepping back:
  /// a playing book moves on between two key presses, so "exactly at the
  /// start" would almost never hold.
  static let startEdge: Double = 1

  /// Applies a keyboard step from the shown position; returns the position
  /// to seek to (nil during a drag or with nothing to seek in).
  ///
  /// A step stops at the edge of the chapter it starts in instead of
  /// passing it, and from that edge carries on into the neighbour. So the
  /// keyboard is never trapped in one chapter (as a slider clamped to its
  /// range would be), yet stepping towards a chapter always lands on its
  /// first second — a 60 s Page Up from 30 s before a chapter's end does
  /// not skip the first 30 s of the next one, where its title is read.
  /// Going forward the edge is the chapter's end, which already belongs to
  /// the next chapter, so no special case is needed that way.
  public mutating func step(_ step: SeekBarStep) -> Double? {
    guard drag == nil, let span else { return nil }
    let position = shownPosition
    let target: Double
    switch step {
    case .forward: target = forward(from: position, by: Self.stepSeconds, in: span)
    case .pageForward: target = forward(from: position, by: Self.pageSeconds, in: span)
    case .backward: target = backward(from: position, by: Self.stepSeconds, in: span)
    case .pageBackward: target = backward(from: position, by: Self.pageSeconds, in: span)
    case .chapterStart: target = span.start
    case .chapterEnd: target = span.end
    }
    let clamped = clampToBook(target)
    rebase(on: clamped)
    return clamped
  }

  /// The thumb was set to `fraction` of the bar without a drag (the mouse
  /// wheel, or an assistive technology setting the slider's value): seeks
  /// there at once. Nil during a drag or with nothing to seek in.
  public mutating func jump(toFraction fraction: Double) -> Double? {
    guard drag == nil, let span else { return nil }
    let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    let target = clampToBook(span.start + clamped * span.length)
    rebase(on: target)
    return target
  }

  private func forward(from position: Double, by amount: Double, in span: SeekBarSpan) -> Double {
    min(position + amount, span.end)
  }

  private func backward(from position: Double, by amount: Double, in span: SeekBarSpan) -> Double {
    guard position - span.start < Self.startEdge else { return max(position - amount, span.start) }
    // At the start: into the previous chapter, stopping at its start. The
    // chapter just before this one's start skips zero-length chapters
    // sharing it.
    let previous = self.span(containing: span.start.nextDown) ?? span
    return max(position - amount, min(previous.start, span.start), 0)
  }
}
