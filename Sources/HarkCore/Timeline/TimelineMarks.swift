/// Where the stretches of a book (its chapters, or its files) start on the
/// whole-book timeline, and the one search every "which one is playing?"
/// question goes through: the track a seek lands in, the chapter the Player
/// page, the seek bar, the sleep menu and the Book page show.
///
/// Built once with the book (`BookTimeline`), so asking costs a binary
/// search, not a walk over every chapter, at every engine report.
public struct TimelineMarks: Equatable, Sendable {
  /// Whole-book start of each stretch, in the book's order.
  public let starts: [Double]
  /// `reach[i]` is the furthest any of `starts[0...i]` lies (NaN once one
  /// of them is NaN). It never decreases, so it can be binary-searched even
  /// when a server's chapters are out of order, and searching it answers
  /// exactly what a walk from the front that stops at the first later start
  /// answers, which is the rule the player has always used (§2.7, §2.9).
  private let reach: [Double]

  public init(starts: [Double]) {
    self.starts = starts
    var reach: [Double] = []
    reach.reserveCapacity(starts.count)
    var furthest = -Double.infinity
    for start in starts {
      // `Swift.max` keeps or drops a NaN depending on argument order; a NaN
      // start must stop the walk for good, as `position >= NaN` did.
      furthest = furthest.isNaN || start.isNaN ? .nan : Swift.max(furthest, start)
      reach.append(furthest)
    }
    self.reach = reach
  }

  public var count: Int { starts.count }
  public var isEmpty: Bool { starts.isEmpty }

  /// The stretch playing at `position`: the last that starts at or before
  /// it, so a position exactly on a start belongs to the later stretch and a
  /// zero-length stretch is never current unless it is the last. A position
  /// before every start (or NaN) is in the first; past the end, in the last.
  /// Nil only when there are no stretches.
  public func index(at position: Double) -> Int? {
    guard !reach.isEmpty else { return nil }
    // The first mark the position has not reached; the one before it plays.
    var low = 0
    var high = reach.count
    while low < high {
      let middle = low + (high - low) / 2
      if position >= reach[middle] { low = middle + 1 } else { high = middle }
    }
    return Swift.max(low - 1, 0)
  }

  /// Only the starts say where the marks are; `reach` follows from them.
  public static func == (lhs: TimelineMarks, rhs: TimelineMarks) -> Bool {
    lhs.starts == rhs.starts
  }
}
