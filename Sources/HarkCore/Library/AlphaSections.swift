/// The A–Z rail beside long author and title lists. "#" (everything that
/// does not start with A–Z) is not on the rail; it is the last section.
public let railLetters: [String] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map {
  String(UnicodeScalar($0))
}

/// The letter a name is filed under: its first non-blank character upper-cased
/// when that is A–Z, else "#" ("asimov" → "A", "  Banks" → "B",
/// "3 Body Problem" → "#", "éclair" → "#", "" → "#").
///
/// Differs from the reference on purpose for characters whose upper case is
/// several letters: the reference files "ß…" under "SS" (a JavaScript string
/// comparison quirk), a section the rail has no letter for; here only a
/// single A–Z letter qualifies, so "ß" goes to "#" with the other non-ASCII
/// initials.
public func sectionLetter(_ name: String) -> String {
  guard let first = name.first(where: { !$0.isWhitespace }) else { return "#" }
  let upper = first.uppercased()
  return railLetters.contains(upper) ? upper : "#"
}

/// A run of entries filed under one letter.
public struct AlphaSection<Entry> {
  /// "A"…"Z" or "#".
  public var letter: String
  /// In the order they were given.
  public var entries: [Entry]

  public init(letter: String, entries: [Entry]) {
    self.letter = letter
    self.entries = entries
  }
}

extension AlphaSection: Equatable where Entry: Equatable {}
extension AlphaSection: Hashable where Entry: Hashable {}
extension AlphaSection: Sendable where Entry: Sendable {}

/// The entries whose name contains `query`, ignoring case: the filter box
/// above a list. A blank query keeps everything, unchanged.
public func filterEntries<Entry>(
  _ entries: [Entry], query: String, name: (Entry) -> String
) -> [Entry] {
  let needle = trimUnicodeWhitespace(query).lowercased()
  if needle.isEmpty { return entries }
  return entries.filter { name($0).lowercased().contains(needle) }
}

/// `filterEntries` for folder listings, by entry name.
public func filterEntries(_ entries: [FsEntry], query: String) -> [FsEntry] {
  filterEntries(entries, query: query) { $0.name }
}

/// Files entries under `sectionLetter` of their name: sections A…Z, then
/// "#"; inside a section the input order is kept (the list is already
/// sorted the way the user chose).
public func groupByLetter<Entry>(
  _ entries: [Entry], name: (Entry) -> String
) -> [AlphaSection<Entry>] {
  var buckets: [String: [Entry]] = [:]
  for entry in entries {
    buckets[sectionLetter(name(entry)), default: []].append(entry)
  }
  return (railLetters + ["#"]).compactMap { letter in
    buckets[letter].map { AlphaSection(letter: letter, entries: $0) }
  }
}

/// `groupByLetter` for folder listings, by entry name.
public func groupByLetter(_ entries: [FsEntry]) -> [AlphaSection<FsEntry>] {
  groupByLetter(entries) { $0.name }
}

/// The letters that have a section, so the rail can dim the others.
public func presentLetters<Entry>(_ sections: [AlphaSection<Entry>]) -> Set<String> {
  Set(sections.map(\.letter))
}

/// The section to scroll to when `letter` is picked on the rail: the first
/// section at or after it, so a letter with no entries lands on the next one;
/// the last section when the letter is past them all. Nil when there are no
/// sections (the reference returns -1). A letter that is not A–Z counts as
/// "#".
public func sectionIndex<Entry>(for letter: String, in sections: [AlphaSection<Entry>]) -> Int? {
  guard !sections.isEmpty else { return nil }
  let target = letterRank(letter.uppercased())
  return sections.firstIndex { letterRank($0.letter) >= target } ?? sections.count - 1
}

/// A = 1 … Z = 26; "#" and anything else = 27.
private func letterRank(_ letter: String) -> Int {
  railLetters.firstIndex(of: letter).map { $0 + 1 } ?? 27
}
