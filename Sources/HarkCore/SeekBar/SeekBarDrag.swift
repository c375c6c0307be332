/// A drag in progress: the span it began on (frozen until the release) and
/// where the pointer is.
struct SeekBarDrag: Equatable, Sendable {
  var span: SeekBarSpan
  var position: Double
  var throttle: SeekThrottle
}

extension SeekBarModel {
  /// The pointer went down on the bar. Nothing happens on a bar with
  /// nothing to seek in.
  public mutating func beginDrag(at now: Int64) {
    guard drag == nil, let span else { return }
    drag = SeekBarDrag(
      span: span, position: shownPosition,
      throttle: SeekThrottle(interval: Self.dragSeekInterval, startedAt: now))
  }

  /// The pointer is over `fraction` (0…1) of the bar; returns a seek to
  /// send now, if the throttle allows one.
  public mutating func dragMoved(toFraction fraction: Double, at now: Int64) -> Double? {
    guard var drag else { return nil }
    drag.position = position(atFraction: fraction, of: drag.span)
    let seek = drag.throttle.offer(drag.position, at: now)
    self.drag = drag
    return seek
  }

  /// When to call `dragTick(at:)` so a resting pointer's position is sent.
  public var dragSeekDueAt: Int64? { drag?.throttle.dueAt }

  /// The throttle's timer fired; returns the waiting seek, if due.
  public mutating func dragTick(at now: Int64) -> Double? {
    guard var drag else { return nil }
    let seek = drag.throttle.due(at: now)
    self.drag = drag
    return seek
  }

  /// The pointer was released (optionally over a last `fraction`): always
  /// returns the position to seek to, even when a throttled seek already
  /// went there, so the final seek is never lost. Nil without a drag.
  public mutating func endDrag(atFraction fraction: Double? = nil) -> Double? {
    guard let drag else { return nil }
    let target = fraction.map { position(atFraction: $0, of: drag.span) } ?? drag.position
    self.drag = nil
    rebase(on: target)
    return target
  }

  /// The drag ended without a release (the gesture was cancelled, e.g. the
  /// window lost the pointer grab): nothing more is sent, and the bar goes
  /// back to playback's position.
  public mutating func cancelDrag() {
    drag = nil
    span = span(containing: shownPosition)
  }

  /// What the bubble over the thumb says; nil unless dragging.
  public var preview: SeekBarPreview? {
    drag.map { SeekBarPreview(span: $0.span, position: $0.position, duration: input.knownDuration) }
  }

  private func position(atFraction fraction: Double, of span: SeekBarSpan) -> Double {
    let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    return clampToBook(span.start + clamped * span.length)
  }
}
