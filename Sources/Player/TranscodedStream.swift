import Foundation
import HarkCore

/// The URIs of a transcoded source (`EngineSource.isTranscoded`): the
/// server re-encodes from second `t` of the query, so opening "at a
/// position" means asking for a stream that starts there.
enum TranscodedStream {
  /// Where a stream asked for at `position` starts. `t` is sent as whole
  /// seconds: the contract says seconds, a server that parses an integer
  /// would refuse "60.5", and the position reported is then exactly where
  /// the stream starts (at most a second before the one asked for).
  static func start(for position: Double) -> Double { max(0, position.rounded(.down)) }

  /// `source`'s URI with `t` set to `start` (replacing any `t` it had).
  /// The other parameters keep their encoding byte for byte: decoded and
  /// re-encoded, a `%2B` in a book's path would come back as `+`, which the
  /// server reads as a space.
  static func uri(_ source: URL, from start: Double) -> String {
    guard var components = URLComponents(url: source, resolvingAgainstBaseURL: false) else {
      return source.absoluteString
    }
    var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "t" }
    items.append(URLQueryItem(name: "t", value: String(Int(start))))
    components.percentEncodedQueryItems = items
    return components.url?.absoluteString ?? source.absoluteString
  }

  /// Whether `uri` is `source` asked for from some `t` (for the headers,
  /// looked up by the URI the HTTP source was given).
  static func isStream(_ uri: String, of source: URL) -> Bool {
    guard let given = URL(string: uri) else { return false }
    return withoutStart(given) == withoutStart(source)
  }

  private static func withoutStart(_ url: URL) -> URL? {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.percentEncodedQueryItems = components.percentEncodedQueryItems?.filter { $0.name != "t" }
    return components.url
  }
}
