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
  let x = Array(foldForComparison(a).unicodeScalars)
  let y = Array(foldForComparison(b).unicodeScalars)
  var i = 0
  var j = 0
  while i < x.count, j < y.count {
    if let first = decimalValue(x[i]), let second = decimalValue(y[j]) {
      var left = [first]
      var right = [second]
      i += 1
      j += 1
      while i < x.count, let digit = decimalValue(x[i]) {
        left.append(digit)
        i += 1
      }
      while j < y.count, let digit = decimalValue(y[j]) {
        right.append(digit)
        j += 1
      }
      let order = compareDigitRuns(left, right)
      if order != 0 { return order }
      continue
    }
    let order = compareScalars(x[i], y[j])
    if order != 0 { return order }
    i += 1
    j += 1
  }
  let leftRemains = i < x.count ? 1 : 0
  let rightRemains = j < y.count ? 1 : 0
  return leftRemains - rightRemains
}

/// Case- and accent-insensitive, like the collator's "base" strength.
private func foldForComparison(_ text: String) -> String {
  text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
}

private func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
  guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
  else { return nil }
  return Int(value)
}

/// Compares two digit runs by value without converting them to an integer,
/// so a 40-digit run cannot overflow.
private func compareDigitRuns(_ a: [Int], _ b: [Int]) -> Int {
  let left = a.drop { $0 == 0 }
  let right = b.drop { $0 == 0 }
  if left.count != right.count { return left.count < right.count ? -1 : 1 }
  for (p, q) in zip(left, right) where p != q {
    return p < q ? -1 : 1
  }
  return 0
}

private func compareScalars(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int {
  let left = (scalarClass(a), a.value)
  let right = (scalarClass(b), b.value)
  if left == right { return 0 }
  return left < right ? -1 : 1
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
    return 2
  default:
    return 3
  }
}
