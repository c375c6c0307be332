import Foundation

// Numbers from a server are checked once, here, as the JSON is decoded:
// whatever a server (or a file's tags, through the same models) claims, a
// model holds only values every later sum, comparison and conversion to
// `Int` can take. A length of 1e308 seconds once crashed the Book page in
// `formatClock`; a place of -1000 s on a 51-second book read "17m left".
//
// - Seconds (lengths, places, chapter bounds) are 0...`longestPlausibleSeconds`;
//   anything else (negative, huge, not a number) reads as 0, which the models
//   already mean as "unknown" for a length and "the start" for a place.
// - Counts and sizes are whole and not negative; an index that is not a
//   plain array index is no index at all.
// - A field Hark can live without that holds a value of a type or form this
//   Hark does not know reads as absent: a newer server may send values an
//   older Hark has never seen, and that should cost only the feature using
//   that field, never the whole book.

/// About 116 days. No audiobook comes near it, so a longer length or a later
/// place is not a measurement; keeping every time under it keeps any sum of
/// them and every conversion to `Int` far from overflowing.
public let longestPlausibleSeconds: Double = 10_000_000

/// A time as Hark keeps it: 0 for negative, huge or non-finite values.
public func plausibleSeconds(_ seconds: Double) -> Double {
  seconds.isFinite && seconds >= 0 && seconds <= longestPlausibleSeconds ? seconds : 0
}

extension KeyedDecodingContainer {
  /// Seconds: a length, a place, a chapter's bound. 0 when missing, `null`,
  /// not a number or not plausible (`plausibleSeconds`).
  func seconds(_ key: Key) -> Double {
    plausibleSeconds((try? decodeIfPresent(Double.self, forKey: key)) ?? 0)
  }

  /// Seconds that must be there (a bookmark's or a saved place's position):
  /// a missing value or one of another type still throws, an implausible
  /// number reads as 0.
  func requiredSeconds(_ key: Key) throws -> Double {
    plausibleSeconds(try decode(Double.self, forKey: key))
  }

  /// Seconds that may be absent (nil), else as `seconds`.
  func optionalSeconds(_ key: Key) -> Double? {
    (try? decodeIfPresent(Double.self, forKey: key)).flatMap { $0 }.map(plausibleSeconds)
  }

  /// A whole number such as an order key or an identifier Hark never does
  /// arithmetic on: `fallback` when missing or not an `Int`.
  func integer(_ key: Key, or fallback: Int = 0) -> Int {
    (try? decodeIfPresent(Int.self, forKey: key)).flatMap { $0 } ?? fallback
  }

  /// A byte count: 0 when missing, negative or not a whole number.
  func byteCount(_ key: Key) -> Int64 {
    max(0, (try? decodeIfPresent(Int64.self, forKey: key)).flatMap { $0 } ?? 0)
  }

  /// An index into a list: nil when missing, negative or not a whole number.
  func index(_ key: Key) -> Int? {
    (try? decodeIfPresent(Int.self, forKey: key)).flatMap { $0 }.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// A field Hark can do without: nil when missing, `null` or of a form
  /// this Hark does not know (`"maybe"` for a Bool).
  func optional<T: Decodable>(_ key: Key) -> T? {
    (try? decodeIfPresent(T.self, forKey: key)).flatMap { $0 }
  }

  /// A series number: fractional ones are real ("#1.5"), but a huge one is not.
  func seriesNumber(_ key: Key) -> Double {
    let number = optional(key) ?? 0.0
    return number.isFinite && abs(number) <= 1_000_000 ? number : 0
  }
}
