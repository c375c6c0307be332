import Foundation

/// Turns a server address as a person types it into the base URL Hark keeps
/// (REFERENCE-BEHAVIOR §14 normalizeUrl): trimmed, `https://` added when no
/// scheme is given, only scheme + host + port + path kept (user info, query
/// and fragment dropped, the host lower-cased, a default port dropped), and
/// trailing slashes removed. Nil when nothing usable remains.
///
/// Deliberate difference from the reference: an explicit non-http scheme
/// ("ftp://h") is rejected, where the reference prepends https:// and makes
/// "https://ftp//h" out of it.
public enum ServerAddress {
  public static func normalize(_ raw: String) -> URL? {
    let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }

    let text: String
    if let separator = trimmed.range(of: "://") {
      let scheme = trimmed[..<separator.lowerBound].lowercased()
      guard isSchemeName(scheme) else {
        // "host/path://x" has no scheme at all: treat it as a typed host.
        return parse("https://" + trimmed)
      }
      guard scheme == "http" || scheme == "https" else { return nil }
      text = scheme + trimmed[separator.lowerBound...]
    } else {
      text = "https://" + trimmed
    }
    return parse(text)
  }

  private static func isSchemeName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
    return text.unicodeScalars.allSatisfy {
      $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0)
    }
  }

  /// Parses "http(s)://authority/path?query#fragment" by hand, like a WHATWG
  /// parser would for these two schemes, because Foundation's URL accepts
  /// things browsers reject (an empty host) and rejects things they accept (a
  /// space in the path, which gets encoded).
  private static func parse(_ text: String) -> URL? {
    guard let separator = text.range(of: "://") else { return nil }
    let scheme = String(text[..<separator.lowerBound])
    let rest = text[separator.upperBound...]
    let authorityEnd =
      rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    let pathEnd = rest[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
    let rawPath = rest[authorityEnd..<pathEnd].replacingOccurrences(of: "\\", with: "/")

    // User info is not part of the origin; dropping it also keeps a password
    // typed into the address out of stored settings.
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    guard let (host, port) = splitHostPort(authority) else { return nil }
    let defaultPort = scheme == "https" ? 443 : 80
    let portText = port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""

    var path = encodePath(rawPath)
    while path.hasSuffix("/") { path.removeLast() }
    return URL(string: "\(scheme)://\(host)\(portText)\(path)")
  }

  private static func splitHostPort(_ authority: Substring) -> (String, Int?)? {
    var host: Substring
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return nil }
        portText = after.dropFirst()
      }
    } else if let colon = authority.lastIndex(of: ":") {
      host = authority[..<colon]
      portText = authority[authority.index(after: colon)...]
    } else {
      host = authority
    }
    guard !host.isEmpty, host.allSatisfy(isHostCharacter) || host.hasPrefix("[") else { return nil }

    var port: Int?
    if let portText, !portText.isEmpty {
      guard portText.allSatisfy(\.isASCIIDigit), let value = Int(portText), value <= 65_535
      else { return nil }
      port = value
    }
    return (host.lowercased(), port)
  }

  /// WHATWG's forbidden host code points, plus controls.
  private static func isHostCharacter(_ character: Character) -> Bool {
    !(character.isWhitespace || " #%/:<>?@[\\]^|".contains(character)
      || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
  }

  private static let pathAllowed: CharacterSet = {
    var set = CharacterSet.urlPathAllowed
    set.insert("%")
    return set
  }()

  private static func encodePath(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? path
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
