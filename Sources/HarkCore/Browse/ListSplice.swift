/// The one contiguous replacement that turns `from` into `to`: keep the
/// common prefix and suffix, replace what lies between. A list view fed
/// this rebuilds only the rows that changed.
public struct ListSplice: Equatable, Sendable {
  public var position: Int
  public var removed: Int
  public var inserted: [String]

  public init(position: Int, removed: Int, inserted: [String]) {
    self.position = position
    self.removed = removed
    self.inserted = inserted
  }

  public init(from old: [String], to new: [String]) {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    position = prefix
    removed = old.count - prefix - suffix
    inserted = Array(new[prefix..<(new.count - suffix)])
  }
}
