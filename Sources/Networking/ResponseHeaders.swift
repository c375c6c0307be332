import CGLib
import CSoup

/// Copies a SoupMessageHeaders into a dictionary with lower-cased names
/// (repeated headers are joined with ", " as HTTP allows).
enum ResponseHeaders {
  private final class Collector {
    var headers: [String: String] = [:]
  }

  static func read(_ headers: OpaquePointer?) -> [String: String] {
    guard let headers else { return [:] }
    let collector = Collector()
    withExtendedLifetime(collector) {
      soup_message_headers_foreach(
        headers,
        { name, value, data in
          let collector = Unmanaged<Collector>.fromOpaque(data!).takeUnretainedValue()
          let key = String(cString: name!).lowercased()
          let value = String(cString: value!)
          collector.headers[key] = collector.headers[key].map { "\($0), \(value)" } ?? value
        }, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.headers
  }
}
