import Foundation

/// One letter of a folder's A–Z jump: where its rows start.
public struct LetterJump: Equatable, Sendable {
  /// "A"…"Z" or "#".
  public var letter: String
  /// The first row filed under `letter`, or nil when none is: the jump
  /// menu shows the letter dimmed, so the alphabet keeps its shape.
  public var row: Int?
}

/// The rows whose title, name on disk or byline contains every word of
/// `query`, ignoring case and accents: "tolk hobbit" finds "The Hobbit"
/// by J.R.R. Tolkien. A blank query keeps every row.
public func filterFolderRows(_ rows: [FolderRow], query: String) -> [FolderRow] {
  let words = foldedForFilter(query).split(whereSeparator: \.isWhitespace)
  guard !words.isEmpty else { return rows }
  return rows.filter { row in
    let haystack = foldedForFilter("\(row.title) \(row.sortName) \(row.subtitle)")
    return words.allSatisfy { haystack.contains($0) }
  }
}

/// A jump for "#" and every rail letter, in rail order ("#" last, as the
/// alpha sections file it). Rows are filed by the name they are sorted by,
/// so a jump lands where the natural order puts that letter.
public func letterJumps(_ rows: [FolderRow]) -> [LetterJump] {
  var first: [String: Int] = [:]
  for (index, row) in rows.enumerated() {
    let letter = sectionLetter(row.sortName)
    if first[letter] == nil { first[letter] = index }
  }
  return (railLetters + ["#"]).map { LetterJump(letter: $0, row: first[$0]) }
}

/// Lower-cased without accents, so "émile" matches "Emile".
private func foldedForFilter(_ text: String) -> String {
  text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
}
