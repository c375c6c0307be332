/// Makes chapter labels that are really file names readable
/// ("Alice_in_Wonderland_01_64kb.mp3" → "Alice in Wonderland 01") and leaves
/// real titles exactly as they are.
///
/// A label is treated as a file name when, trimmed, it ends in an audio
/// extension or contains "_". Only then is it rewritten: the extension goes,
/// "_" becomes a space, whitespace runs collapse, and a trailing bitrate tag
/// ("64kb", "128 kbps", "32k") is dropped, unless nothing would be left. Real
/// titles are returned untouched, spacing included, because "Chapter 1" or
/// "3.5 The Interlude" are what the author wrote. A label that cleans up to
/// nothing ("_.mp3") or is only whitespace is returned as given, so a chapter
/// never loses its label.
public func prettifyChapterTitle(_ raw: String) -> String {
  let trimmed = trimUnicodeWhitespace(raw)
  if trimmed.isEmpty { return raw }
  let extensionLength = audioExtensionLength(trimmed)
  guard extensionLength > 0 || trimmed.contains("_") else { return raw }

  let stem = String(trimmed.dropLast(extensionLength))
  let spaced = stem.map { $0 == "_" ? " " : $0 }
  let collapsed = collapseWhitespace(String(spaced))
  let withoutBitrate = trimUnicodeWhitespace(removingBitrateTail(collapsed))
  let result = withoutBitrate.isEmpty ? collapsed : withoutBitrate
  return result.isEmpty ? raw : result
}

/// The audio extensions whose presence marks a label as a file name.
private let audioExtensions: [String] = [
  "mp3", "m4a", "m4b", "mp4", "aac", "ogg", "oga", "opus", "flac", "wav", "wma", "alac", "aif",
  "aiff",
]

/// The length of a trailing ".ext" (dot included) when `text` ends in an audio
/// extension, case-insensitively; 0 otherwise.
private func audioExtensionLength(_ text: String) -> Int {
  guard let dot = text.lastIndex(of: ".") else { return 0 }
  let suffix = text[text.index(after: dot)...]
  guard audioExtensions.contains(suffix.lowercased()) else { return 0 }
  return text.distance(from: dot, to: text.endIndex)
}

/// Every whitespace run becomes one space; the ends are trimmed.
private func collapseWhitespace(_ text: String) -> String {
  text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}

/// Drops a final "<2–3 digits>[ ]k|kb|kbps" token (case-insensitive) that
/// stands on its own: at the start or after whitespace, so the "64kb" inside
/// "Book64kb" or the leading one of "64kb wonderland" stays. Expects text
/// whose whitespace is already collapsed to single spaces.
private func removingBitrateTail(_ text: String) -> String {
  var characters = Array(text)
  let lowered = characters.map { $0.lowercased() }
  var end = characters.count
  var unitLength = 0
  for unit in ["kbps", "kb", "k"] where end >= unit.count {
    if lowered[(end - unit.count)...].joined() == unit {
      unitLength = unit.count
      break
    }
  }
  guard unitLength > 0 else { return text }
  end -= unitLength
  if end > 0, characters[end - 1].isWhitespace { end -= 1 }
  var start = end
  while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber {
    start -= 1
  }
  guard (2...3).contains(end - start) else { return text }
  guard start == 0 || characters[start - 1].isWhitespace else { return text }
  characters.removeSubrange(start...)
  return String(characters)
}
