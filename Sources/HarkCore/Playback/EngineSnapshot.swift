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
  /// The last seek (or load) the engine has finished: from this one on,
  /// `trackIndex` and `position` are where it went, not where it was.
  public var seekID: SeekID

  public init(
    state: EngineState, trackIndex: Int = 0, position: Double = 0, duration: Double = 0,
    rate: Double = 1, seekID: SeekID = .zero
  ) {
    self.state = state
    self.trackIndex = trackIndex
    self.position = position
    self.duration = duration
    self.rate = rate
    self.seekID = seekID
  }

  /// Before anything was loaded: idle at 0, normal speed.
  public static let initial = EngineSnapshot(state: .idle)
}
