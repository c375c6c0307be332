/// A place inside one track (audio file) of a book.
public struct TrackLocation: Equatable, Sendable {
  public var index: Int
  /// Seconds from the start of the track.
  public var positionInTrack: Double

  public init(index: Int, positionInTrack: Double) {
    self.index = index
    self.positionInTrack = positionInTrack
  }
}

extension TimelineMarks {
  /// §2.7: which track a whole-book position falls in, and where inside it,
  /// when these are the tracks' starts (`BookTimeline.tracks`).
  ///
  /// A position exactly on a boundary belongs to the later track. Positions
  /// past the end stay in the last track unclamped (the engine clamps), a
  /// negative one is the very start, and with no tracks the position is
  /// taken as it is.
  public func location(at bookPosition: Double) -> TrackLocation {
    let index = index(at: bookPosition) ?? 0
    let start = starts.indices.contains(index) ? starts[index] : 0
    return TrackLocation(index: index, positionInTrack: max(0, bookPosition - start))
  }
}

/// §2.8: the whole-book position of a place in a track. An unknown track
/// starts at 0.
public func toBookPosition(offsets: [Double], index: Int, positionInTrack: Double) -> Double {
  (offsets.indices.contains(index) ? offsets[index] : 0) + positionInTrack
}
