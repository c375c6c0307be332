import Foundation

/// A value that can ride in a query string.
public protocol QueryValue: Sendable {
  /// The text before form encoding.
  var queryText: String { get }
}

extension String: QueryValue {
  public var queryText: String { self }
}

extension Int: QueryValue {
  public var queryText: String { String(self) }
}

extension Bool: QueryValue {
  /// "true"/"false", as URLSearchParams writes them: false is kept, not dropped.
  public var queryText: String { self ? "true" : "false" }
}

extension Double: QueryValue {
  /// Whole numbers without ".0" ("30", not "30.0"), as JavaScript prints them.
  public var queryText: String {
    if rounded() == self, abs(self) < 1e15 { return String(Int64(self)) }
    return String(self)
  }
}

/// application/x-www-form-urlencoded, the way URLSearchParams writes it: only
/// `A–Z a–z 0–9 * - . _` stay literal, a space becomes `+`, everything else is
/// UTF-8 percent-encoded. So a path's "/" goes out as %2F and a literal "+" as
/// %2B, and a path can never be read as a second parameter or a new segment.
public enum FormEncoding {
  /// Encodes one key or value.
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "_"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: " "):
        out += "+"
      default:
        out += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0xF)]
      }
    }
    return out
  }

  private static let hexDigits = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F",
  ]

  /// `key=value&…` in the given order; pairs with a nil value are left out
  /// (0 and false are values and stay). Empty when nothing remains.
  public static func encode(_ pairs: [(String, (any QueryValue)?)]) -> String {
    pairs.compactMap { key, value in
      value.map { escape(key) + "=" + escape($0.queryText) }
    }.joined(separator: "&")
  }

  /// Decodes one form-encoded component: "+" becomes a space first, then %XX
  /// sequences are decoded ("a%2Bb+c" → "a+b c"). Invalid escapes are kept as
  /// they are rather than failing the whole link.
  public static func unescape(_ text: String) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}

/// Builds AudioSilo URLs from a normalised base.
public enum APIAddress {
  /// `{base}/api/v1{path}{?query}` (§15 apiUrl). `path` starts with "/" and
  /// is used as is (it only ever holds fixed segments and integer ids).
  public static func apiURL(
    base: URL, _ path: String, _ query: KeyValuePairs<String, (any QueryValue)?> = [:]
  ) -> URL {
    url(base: base, "/api/v1" + path, query.map { ($0.key, $0.value) })
  }

  /// `{base}{path}{?query}` for routes outside `/api/v1` (`/healthz`).
  static func url(base: URL, _ path: String, _ query: [(String, (any QueryValue)?)]) -> URL {
    let encoded = FormEncoding.encode(query)
    let text = trimmedBase(base) + path + (encoded.isEmpty ? "" : "?" + encoded)
    // Every piece is either the validated base or ASCII built here, so this
    // cannot fail for a base that itself parsed as a URL.
    guard let url = URL(string: text) else { preconditionFailure("unbuildable URL \(text)") }
    return url
  }

  /// The base without trailing slashes ("https://h//" → "https://h").
  static func trimmedBase(_ base: URL) -> String {
    var text = base.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }
}
