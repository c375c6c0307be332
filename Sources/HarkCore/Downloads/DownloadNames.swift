import Foundation

// Where a downloaded book lives on disk. A server's paths and titles are
// data, never paths: every name here is one component of ASCII letters,
// digits, "-" and ".", built from a slug and a hash, so `..`, `/etc/passwd`,
// NUL bytes, backslashes, 4,000-character names or broken UTF-8 from a
// hostile server can never point outside the downloads folder.

/// The folder of one server's downloads: `server-<16 hex>`, a hash of its
/// `server_id` (stable across runs and renames of the server).
public func downloadServerFolderName(serverID: String) -> String {
  "server-" + stableHashHex(serverID)
}

/// The folder of one book: a readable slug of its title (at most 40
/// characters, "book" when nothing readable is left) and a hash of where the
/// server keeps it, so two books with one title never share a folder.
public func downloadBookFolderName(libraryID: Int, bookPath: String, title: String) -> String {
  slug(title, maxLength: 40) + "-" + stableHashHex("\(libraryID):\(bookPath)")
}

/// The name of a book's file number `index` (0-based, the play order):
/// `007-<hash of the server path>` plus the path's extension when it is a
/// plain one (1–5 ASCII letters or digits, lower-cased), which helps the
/// file manager and GStreamer's type finding; otherwise no extension.
public func downloadFileName(index: Int, serverPath: String) -> String {
  let number = String(max(0, index))
  let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
  let ext = plainExtension(of: serverPath).map { "." + $0 } ?? ""
  return padded + "-" + stableHashHex(serverPath) + ext
}

/// 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-case hex digits. Written
/// out because `Hasher` is seeded per process and names must survive
/// restarts; FNV-1a is enough to keep one listener's books apart (this is not
/// a defence against collisions crafted on purpose: those would only mix two
/// of the same server's files, never leave the folder).
func stableHashHex(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

/// ASCII letters and digits of `text` (accents dropped: "Élan" → "elan"),
/// lower-cased, every other run of characters one "-", no "-" at either end,
/// cut to `maxLength`.
private func slug(_ text: String, maxLength: Int) -> String {
  var result = ""
  // Canonical decomposition splits "é" into "e" and a combining accent;
  // the accent then goes with every other non-ASCII scalar.
  for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
    if result.count > maxLength { break }
    if scalar.properties.generalCategory == .nonspacingMark { continue }
    if scalar.isASCII, isAlphanumeric(UInt8(scalar.value)) {
      result.append(Character(scalar).lowercased())
    } else if !result.isEmpty, result.last != "-" {
      result.append("-")
    }
  }
  while result.last == "-" || result.count > maxLength { result.removeLast() }
  return result.isEmpty ? "book" : result
}

/// The extension of the last path component ("/" or backslash separated) when it
/// is 1–5 ASCII letters or digits, lower-cased; nil for ".hidden", "name.",
/// "x.mp3 " or "x.m4b?x".
private func plainExtension(of path: String) -> String? {
  let last = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last ?? ""
  let base = last.drop { $0 == "." }
  guard let dot = base.lastIndex(of: ".") else { return nil }
  let ext = base[base.index(after: dot)...]
  guard (1...5).contains(ext.utf8.count), ext.utf8.allSatisfy(isAlphanumeric) else { return nil }
  return ext.lowercased()
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
