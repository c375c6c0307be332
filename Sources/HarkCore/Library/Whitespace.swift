/// `text` without Unicode whitespace at either end, as JavaScript's `trim`
/// does (the reference's rules are written against it). Foundation's
/// `trimmingCharacters(in:)` would do, but this keeps the Library helpers to
/// one definition of "whitespace": `Character.isWhitespace`.
func trimUnicodeWhitespace(_ text: some StringProtocol) -> String {
  var trimmed = Substring(text)
  while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
  while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
  return String(trimmed)
}
