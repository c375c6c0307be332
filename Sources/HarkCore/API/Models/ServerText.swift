import Foundation

// Text a server sends for people to read (names, titles, chapters, notes,
// error messages) is made safe to show once, as its JSON is decoded:
//
// - GTK takes strings as C strings, so everything after a NUL vanished:
//   every folder named "Lib\0…" read "Lib". NUL and the other control
//   characters become U+FFFD, which shows; tab and newline stay (a note has
//   lines), and CR or CRLF become a newline.
// - A right-to-left override (U+202E) in a name reversed the rest of the row
//   it was shown in ("Author · 12s · Server"). Text holding directional
//   controls is isolated (FSI … PDI, U+2068 … U+2069, as GNOME apps isolate
//   user-provided names), so its controls end where it ends.
//
// Strings that name things on the server (paths, ids, tokens, cursors) are
// never changed: they must still address what the server has. Where such a
// string is shown (a path's folder names in a breadcrumb) it goes through
// `displayable` as it becomes display text.

/// `text` as Hark shows it: control characters as U+FFFD, directional
/// controls kept inside the text. Text without either comes back unchanged,
/// and applying it twice changes nothing more.
public func displayable(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: needsCare) else { return text }
  var shown = String.UnicodeScalarView()
  var openIsolates = 0
  var overridesOutside = false
  var previousWasCR = false
  for scalar in text.unicodeScalars {
    defer { previousWasCR = scalar == "\r" }
    switch scalar.value {
    case 0x0A where previousWasCR: continue  // CRLF: the CR already gave the newline
    case 0x09, 0x0A: shown.append(scalar)
    case 0x0D: shown.append("\n")
    case 0x00...0x1F, 0x7F...0x9F: shown.append("\u{FFFD}")
    case 0x202A...0x202E:  // embeddings and overrides
      if openIsolates == 0 { overridesOutside = true }
      shown.append(scalar)
    case 0x2066...0x2068:  // isolates
      openIsolates += 1
      shown.append(scalar)
    case 0x2069:  // a PDI with nothing to close would close the row's own isolate
      if openIsolates > 0 {
        openIsolates -= 1
        shown.append(scalar)
      }
    default: shown.append(scalar)
    }
  }
  // Isolates the text opened end with it.
  for _ in 0..<openIsolates { shown.append("\u{2069}") }
  let result = String(shown)
  return overridesOutside ? "\u{2068}" + result + "\u{2069}" : result
}

private func needsCare(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A: false
  case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}

extension KeyedDecodingContainer {
  /// Text for people to read (`displayable`); `fallback` when missing or
  /// `null`. A value that is not a string still throws.
  func text(_ key: Key, or fallback: String = "") throws -> String {
    displayable(try decodeIfPresent(String.self, forKey: key) ?? fallback)
  }

  /// Text for people to read that may be absent.
  func optionalText(_ key: Key) throws -> String? {
    try decodeIfPresent(String.self, forKey: key).map(displayable)
  }
}
