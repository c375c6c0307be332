/// The states an engine reports (§0 PlaybackSnapshot).
public enum EngineState: String, Equatable, Sendable {
  case idle, loading, ready, playing, paused, ended, error
}

/// What the engine says about itself: only tracks, never books. The session
/// turns it into book terms with the queue's offsets.
public struct EngineSnapshot: Equatable, Sendable {
  public var state: EngineState
  public var trackIndex: Int
  /// Seconds into the current track.
  public var position: Double
  /// The current track's length; 0 when unknown.
  public var duration: Double
  public var rate: Double

  public init(
    state: EngineState, trackIndex: Int = 0, position: Double = 0, duration: Double = 0,
    rate: Double = 1
  ) {
    self.state = state
    self.trackIndex = trackIndex
    self.position = position
    self.duration = duration
    self.rate = rate
  }

  /// Before anything was loaded: idle at 0, normal speed.
  public static let initial = EngineSnapshot(state: .idle)
}
