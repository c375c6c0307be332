/// Names one of the session's moves of the engine (a seek, or the place a
/// load starts at), so the engine's reports can say which of them it has
/// finished. The session counts them up and never reuses one; the engine
/// echoes the last it finished in `EngineSnapshot.seekID`.
///
/// Why: a report that left the engine before it got to a new place still
/// says the old one. Without a name for the move, the session could not
/// tell that report from one made after it, and the place shown jumped back
/// for a moment after every seek.
public struct SeekID: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var number: Int

  public init(_ number: Int) { self.number = number }

  /// Before any move: what an engine reports until it finished its first.
  public static let zero = SeekID(0)

  /// The one after this.
  public var next: SeekID { SeekID(number + 1) }

  public static func < (lhs: SeekID, rhs: SeekID) -> Bool { lhs.number < rhs.number }

  public var description: String { "seek \(number)" }
}
