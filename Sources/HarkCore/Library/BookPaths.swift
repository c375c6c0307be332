/// The last segment of a library path: the name a book or folder is shown
/// under. Empty segments are skipped, so a trailing or doubled slash does not
/// turn the leaf into "". Examples: "Author/Series/Book" → "Book",
/// "Author/Book/" → "Book", "" → "". Text to show, like a listing's names
/// (`displayable`): control characters show as U+FFFD.
public func pathLeaf(_ path: String) -> String {
  displayable(path.split(separator: "/").last.map(String.init) ?? "")
}

/// The folder that holds `path`, for browsing a book's siblings. Empty
/// segments are dropped, so doubled slashes collapse; a top-level entry's
/// parent is the library root, "". Examples: "Author/Series/Book" →
/// "Author/Series", "Author/Book/" → "Author", "Author" → "".
public func parentPath(_ path: String) -> String {
  path.split(separator: "/").dropLast().joined(separator: "/")
}
