import Foundation

// The server may send `null` for an empty list and older servers leave newer
// fields out, so models decode through these helpers instead of the
// synthesized init: a missing or null value takes its default, while a value
// of the wrong type still throws (and becomes `APIError.invalidResponse`).

extension KeyedDecodingContainer {
  /// A list that may be missing or `null`: both read as `[]`.
  func list<T: Decodable>(_ key: Key) throws -> [T] {
    try decodeIfPresent([T].self, forKey: key) ?? []
  }

  /// A value that may be missing or `null`, read as `fallback` then.
  func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
    try decodeIfPresent(T.self, forKey: key) ?? fallback
  }

  /// An identifier or position the metadata service sends as a string; a
  /// number is accepted too, so a server-side type change does not blank the
  /// whole metadata section.
  /// A time as Unix seconds, sent either as a number or as an RFC 3339
  /// string (the contract does not pin `mod_time`'s type; accept both).
  func unixSeconds(_ key: Key) throws -> Double? {
    if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = RFC3339.parse(text) else {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a time: \(text)")
    }
    return date.timeIntervalSince1970
  }

  func lenientString(_ key: Key) throws -> String? {
    if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
    if let number = try decodeIfPresent(Double.self, forKey: key) {
      return number.rounded() == number && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    }
    return nil
  }
}

/// A coding key made from any string, for envelopes named at run time.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Reads one field of a top-level JSON object, e.g. `libraries` from
/// `{"libraries": [...]}`. A missing or `null` field gives nil.
struct EnvelopeField<Value: Decodable>: Decodable {
  static var fieldKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "hark.envelopeField")! }

  let value: Value?

  init(from decoder: any Decoder) throws {
    guard let name = decoder.userInfo[Self.fieldKey] as? String else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "no envelope field name given"))
    }
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    value = try container.decodeIfPresent(Value.self, forKey: AnyCodingKey(name))
  }
}
