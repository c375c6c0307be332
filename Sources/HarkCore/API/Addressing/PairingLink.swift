import Foundation

/// A link that signs this device in, pasted or opened through the desktop's
/// URL handler.
public enum PairingLink: Hashable, Sendable, CustomStringConvertible {
  /// `audiosilo://connect?server=<base>&token=<t>` or
  /// `https://<base>/web/connect?token=<t>`: exchange the token.
  case pairing(base: URL, token: String)
  /// `https://<base>/connect#code=<code>`: redeem the code, then exchange.
  case invite(base: URL, code: String)

  /// The server's normalised base URL.
  public var base: URL {
    switch self {
    case .pairing(let base, _), .invite(let base, _): base
    }
  }

  public var description: String {
    switch self {
    case .pairing(let base, _): "pairing link for \(base.absoluteString)"
    case .invite(let base, _): "invite link for \(base.absoluteString)"
    }
  }

  /// Reads a pairing or invite link (REFERENCE-BEHAVIOR §14 parsePairingScan,
  /// plus invite links). Nil for anything else, including a bare code.
  ///
  /// As the reference: the query is the text between the first and second
  /// "?", the first occurrence of a key wins, values are form-decoded ("+" is
  /// a space, then %XX), an `audiosilo:` link needs a `server` that
  /// normalises, and an http(s) link keeps its host:port and base path with a
  /// trailing `/web/connect` removed. Deliberate difference: the query ends at
  /// "#", because a fragment is never part of a query (the reference would
  /// read "abc#x" as the token of "…?token=abc#x").
  public static func parse(_ raw: String) -> PairingLink? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    let (beforeFragment, fragment) = split(text, at: "#")
    let pieces = beforeFragment.split(
      separator: "?", maxSplits: 2, omittingEmptySubsequences: false)
    let address = String(pieces[0])
    let query = pieces.count > 1 ? parameters(String(pieces[1])) : [:]
    let token = query["token"].flatMap { $0.isEmpty ? nil : $0 }
    let lowered = text.lowercased()

    if lowered.hasPrefix("audiosilo:") {
      guard let token, let server = query["server"], let base = ServerAddress.normalize(server)
      else { return nil }
      return .pairing(base: base, token: token)
    }
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }

    if let token {
      guard let base = ServerAddress.normalize(removingSuffix("/web/connect", from: address))
      else { return nil }
      return .pairing(base: base, token: token)
    }
    // Invites carry the code in the fragment so it never reaches server logs.
    let code = fragment.flatMap { parameters($0)["code"] }?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard let code, !code.isEmpty, hasSuffix("/connect", address),
      let base = ServerAddress.normalize(removingSuffix("/connect", from: address))
    else { return nil }
    return .invite(base: base, code: code)
  }

  private static func split(_ text: String, at separator: Character) -> (String, String?) {
    guard let index = text.firstIndex(of: separator) else { return (text, nil) }
    return (String(text[..<index]), String(text[text.index(after: index)...]))
  }

  /// `&`-separated pairs; keys percent-decoded, values form-decoded; first wins.
  private static func parameters(_ query: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let (rawKey, rawValue) = split(String(pair), at: "=")
      let key = rawKey.removingPercentEncoding ?? rawKey
      if result[key] == nil {
        result[key] = FormEncoding.unescape(rawValue ?? "")
      }
    }
    return result
  }

  /// Whether `address` ends in `suffix`, optionally followed by one "/",
  /// ignoring case.
  private static func hasSuffix(_ suffix: String, _ address: String) -> Bool {
    var lowered = address.lowercased()
    if lowered.hasSuffix("/") { lowered.removeLast() }
    return lowered.hasSuffix(suffix)
  }

  private static func removingSuffix(_ suffix: String, from address: String) -> String {
    guard hasSuffix(suffix, address) else { return address }
    var trimmed = address
    if trimmed.hasSuffix("/") { trimmed.removeLast() }
    return String(trimmed.dropLast(suffix.count))
  }
}
