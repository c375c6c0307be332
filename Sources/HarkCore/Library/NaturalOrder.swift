import Foundation

/// Orders names the way people number books: "Book 2" before "Book 10",
/// ignoring case and accents ("book 3" equals "Book 3", "Éclair" equals
/// "eclair"). Returns -1, 0 or 1.
///
/// The reference client uses ICU's collator (base sensitivity, numeric).
/// This is written out by hand rather than left to
/// `compare(_:options:)` because Foundation's numeric option only knows
/// ASCII digits and orders punctuation by code point, and it behaves
/// differently on macOS and Linux; folder order decides which book plays
/// next, so it has to be the same everywhere. Rules:
/// - text is folded case- and diacritic-insensitively first;
/// - a run of decimal digits (any script: "10", "١٠", "१०") compares by its
///   value, however long it is; leading zeros do not count ("01" == "1");
/// - other characters compare by class the way ICU does (whitespace, then
///   punctuation and symbols, then digits, then letters), then by code point;
/// - a string that is a prefix of the other comes first.
public func naturalCompare(_ a: String, _ b: String) -> Int {
  NaturalKey(a).compare(NaturalKey(b))
}

/// A name's place in natural order, worked out once: sorting by keys folds
/// and splits each name once instead of on every comparison.
///
/// The key is a list of numbers compared in order, the shorter list first
/// when one is the start of the other. Any character but a digit is one
/// number: its class, then its code point. A run of digits is its class and
/// how many digits it has without leading zeros, then each of those digits:
/// a longer run is a larger number, runs of equal length compare digit by
/// digit, and "01" equals "1". (Every decimal digit is in the digit class
/// and every other character is not, so a run and a character always
/// differ in their first number.)
public struct NaturalKey: Comparable, Sendable {
  private let words: [UInt64]

  public init(_ text: String) {
    let scalars = Array(foldForComparison(text).unicodeScalars)
    var words: [UInt64] = []
    words.reserveCapacity(scalars.count + 1)
    var i = 0
    while i < scalars.count {
      guard decimalValue(scalars[i]) != nil else {
        words.append(UInt64(scalarClass(scalars[i])) << 32 | UInt64(scalars[i].value))
        i += 1
        continue
      }
      var digits: [UInt64] = []
      while i < scalars.count, let digit = decimalValue(scalars[i]) {
        if !(digits.isEmpty && digit == 0) { digits.append(UInt64(digit)) }
        i += 1
      }
      words.append(UInt64(digitClass) << 32 | UInt64(digits.count))
      words += digits
    }
    self.words = words
  }

  /// -1, 0 or 1.
  public func compare(_ other: NaturalKey) -> Int {
    let count = min(words.count, other.words.count)
    var i = 0
    while i < count {
      if words[i] != other.words[i] { return words[i] < other.words[i] ? -1 : 1 }
      i += 1
    }
    return words.count == other.words.count ? 0 : (words.count < other.words.count ? -1 : 1)
  }

  public static func < (lhs: NaturalKey, rhs: NaturalKey) -> Bool { lhs.compare(rhs) < 0 }
  public static func == (lhs: NaturalKey, rhs: NaturalKey) -> Bool { lhs.compare(rhs) == 0 }
}

extension Sequence {
  /// The elements in natural order of `name`, each name keyed once;
  /// elements whose names compare equal keep their order.
  public func sorted(naturallyBy name: (Element) -> String) -> [Element] {
    let keyed: [(key: NaturalKey, offset: Int, element: Element)] = enumerated().map { offset, element in
      (NaturalKey(name(element)), offset, element)
    }
    return keyed.sorted { left, right in
      let order = left.key.compare(right.key)
      return order != 0 ? order < 0 : left.offset < right.offset
    }.map(\.element)
  }
}

/// Case- and accent-insensitive, like the collator's "base" strength.
/// ASCII text (most file names) only needs its capitals lowered, which is
/// what Foundation's folding does to it, at a small part of the cost.
func foldForComparison(_ text: String) -> String {
  guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
  return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
}

private func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
  guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
  else { return nil }
  return Int(value)
}

/// ICU's primary groups, coarsely: spaces sort first, then punctuation and
/// symbols (emoji included), then digits, then letters and everything else.
private func scalarClass(_ scalar: Unicode.Scalar) -> Int {
  let properties = scalar.properties
  if properties.isWhitespace { return 0 }
  switch properties.generalCategory {
  case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
    .modifierSymbol, .otherSymbol:
    return 1
  case .decimalNumber:
    return digitClass
  default:
    return 3
  }
}

private let digitClass = 2
