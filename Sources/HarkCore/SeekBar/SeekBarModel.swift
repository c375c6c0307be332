/// The stretch of the whole-book timeline the bar spans: a chapter, or the
/// whole book when it has no chapters.
public struct SeekBarSpan: Equatable, Sendable {
  public var start: Double
  public var end: Double
  /// Nil when the bar spans a book without chapters.
  public var chapter: SeekBarChapter?

  public init(start: Double, end: Double, chapter: SeekBarChapter? = nil) {
    self.start = start
    self.end = max(start, end)
    self.chapter = chapter
  }

  public var length: Double { end - start }

  /// A whole-book position as seconds into the span, clamped to it.
  func elapsed(at bookPosition: Double) -> Double {
    min(max(bookPosition - start, 0), length)
  }
}

/// The seek bar's state: what it spans, what it shows, and a drag in
/// flight. A value: the widget keeps one and asks it what to draw.
///
/// Outside a drag it shows the position it is fed, which is the player's
/// (`PlaybackSession.snapshot`): a seek the bar sent is the player's
/// position from the moment it is sent until the engine has carried it
/// out, so the bar keeps no seek of its own.
public struct SeekBarModel: Equatable, Sendable {
  /// During a long drag, seek at most this often (ms): often enough to hear
  /// where the pointer is, rarely enough that a streamed book is not asked
  /// for a new range on every pointer motion.
  public static let dragSeekInterval: Int64 = 500
  /// Keyboard steps, seconds. Arrows are finer than the skip buttons (which
  /// use the listener's skip setting) so the bar adds something they lack.
  public static let stepSeconds: Double = 5
  public static let pageSeconds: Double = 60

  public internal(set) var input: SeekBarInput
  /// What the bar spans now; nil when there is nothing to seek in (no
  /// chapters and no known duration).
  public internal(set) var span: SeekBarSpan?
  var drag: SeekBarDrag?

  public init(_ input: SeekBarInput = SeekBarInput(chapters: [], position: 0, duration: nil)) {
    self.input = input
    show(input)
  }

  public var isDragging: Bool { drag != nil }

  /// Takes a new input. Outside a drag the bar re-bases on the chapter
  /// holding the shown position; during one it keeps the span the drag
  /// began on, so the thumb never jumps under the pointer.
  public mutating func show(_ input: SeekBarInput) {
    self.input = input
    if drag == nil { span = span(containing: shownPosition) }
  }

  /// The book position the bar stands for: the pointer during a drag, else
  /// the playback position.
  public var shownPosition: Double {
    if let drag { return drag.position }
    return clampToBook(input.position)
  }

  public var display: SeekBarDisplay {
    guard let span else { return .unseekable(elapsed: shownPosition) }
    return SeekBarDisplay(span: span, position: shownPosition, rate: input.rate)
  }

  // MARK: - Shared rules

  func span(containing bookPosition: Double) -> SeekBarSpan? {
    if let index = input.chapterIndex(at: bookPosition) {
      let chapter = input.chapters[index]
      return SeekBarSpan(start: chapter.span.start, end: chapter.span.end, chapter: chapter)
    }
    return input.knownDuration.map { SeekBarSpan(start: 0, end: $0) }
  }

  /// Never before the book's start nor past its end when that is known.
  func clampToBook(_ bookPosition: Double) -> Double {
    let position = bookPosition.isFinite ? max(0, bookPosition) : 0
    return input.knownDuration.map { min(position, $0) } ?? position
  }

  /// Re-bases on where a seek the bar sends lands; the player's position
  /// follows as the seek is sent.
  mutating func rebase(on target: Double) {
    span = span(containing: target)
  }
}
