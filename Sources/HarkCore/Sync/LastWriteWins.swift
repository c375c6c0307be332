import Foundation

/// The server's conflict rule, applied the same way on this side: the newest
/// `updated_at` wins, then the higher `version`. A stale write is not an
/// error; it simply loses.
public enum LastWriteWins {
  /// Whether `a` strictly beats `b`.
  public static func beats(_ a: ProgressRecord, _ b: ProgressRecord) -> Bool {
    if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
    return a.version > b.version
  }

  /// The newer of two; on a tie the FIRST, as the reference's `newest` (so
  /// the caller's argument order is its tie-break).
  public static func newest(_ a: ProgressRecord?, _ b: ProgressRecord?) -> ProgressRecord? {
    guard let a else { return b }
    guard let b else { return a }
    return beats(b, a) ? b : a
  }

  /// The newest of many; ties keep the earliest.
  public static func newest(of records: some Sequence<ProgressRecord>) -> ProgressRecord? {
    records.reduce(nil) { newest($0, $1) }
  }

  /// The mirror's keep-newest write: `incoming` replaces `existing` unless
  /// `existing` is strictly newer, so an equal time overwrites (§7
  /// `writeMirror`). Never lets an older row hide a newer local position.
  public static func mirrorAccepts(_ incoming: ProgressRecord, over existing: ProgressRecord?)
    -> Bool
  {
    guard let existing else { return true }
    return !beats(existing, incoming)
  }
}
