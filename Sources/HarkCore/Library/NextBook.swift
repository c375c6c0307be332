/// The book that follows `currentPath` among its folder's entries, for
/// "play the next book in the series" when one ends.
///
/// Follows the reference client's rules:
/// - only books (`isBook`) and folders can follow; loose audio files are
///   tracks, not books, and the current entry itself never follows;
/// - order is by name with `naturalCompare`, never by the server's
///   `seriesIndex`, which is often 0 for every book in a folder;
/// - the first following book wins;
/// - when no book follows but the folder has indexed books, there is no next
///   book: a trailing plain folder ("Extras", "Samples") is not one;
/// - when nothing in the folder is indexed yet (the server is mid-scan), the
///   first following folder is the best guess.
///
/// Entries that compare equal keep the server's order, so the answer does
/// not depend on the sort algorithm.
public func findNextSibling(entries: [FsEntry], currentPath: String) -> FsEntry? {
  let leaf = pathLeaf(currentPath)
  let following =
    entries
    .enumerated()
    .filter { _, entry in
      entry.path != currentPath && (entry.isBook == true || entry.isDir)
        && naturalCompare(entry.name, leaf) > 0
    }
    .sorted { lhs, rhs in
      let order = naturalCompare(lhs.element.name, rhs.element.name)
      return order != 0 ? order < 0 : lhs.offset < rhs.offset
    }
    .map { $0.element }
  if let book = following.first(where: { $0.isBook == true }) {
    return book
  }
  if entries.contains(where: { $0.isBook == true }) {
    return nil
  }
  return following.first
}
