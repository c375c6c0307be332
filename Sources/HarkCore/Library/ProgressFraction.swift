/// How far through a book the listener is, for a progress bar and a
/// "2h 10m left" label.
public struct ProgressRemaining: Hashable, Sendable {
  /// 0…1, for the bar.
  public var fraction: Double
  /// Seconds left, ≥ 0.
  public var remaining: Double

  public init(fraction: Double, remaining: Double) {
    self.fraction = fraction
    self.remaining = remaining
  }
}

/// The bar fraction is `position / duration` clamped to 0…1, or 0 when the
/// length is unknown (≤ 0). Time left is `duration − position`, at least 0.
///
/// As in the reference, time left is not clamped to the duration: a
/// negative position (a bad save) shows more left than the book's length,
/// which is visibly wrong rather than silently plausible. A value that is not
/// finite (NaN, infinity) is treated as 0, so NaN never reaches the UI.
public func progressFractionRemaining(position: Double, duration: Double) -> ProgressRemaining {
  let position = position.isFinite ? position : 0
  let duration = duration.isFinite ? duration : 0
  let fraction = duration > 0 ? min(max(position / duration, 0), 1) : 0
  return ProgressRemaining(fraction: fraction, remaining: max(0, duration - position))
}
