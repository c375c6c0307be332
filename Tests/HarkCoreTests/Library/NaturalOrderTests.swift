import XCTest

@testable import HarkCore

final class NaturalOrderTests: XCTestCase {
  private func sorted(_ names: [String]) -> [String] {
    names.sorted { naturalCompare($0, $1) < 0 }
  }

  // REFERENCE-BEHAVIOR.md 4.1.

  func testNumbersCompareByValue() {
    XCTAssertEqual(naturalCompare("Book 2", "Book 10"), -1)
    XCTAssertEqual(naturalCompare("Book 10", "Book 2"), 1)
    XCTAssertEqual(sorted(["Book 10", "Book 1", "Book 2"]), ["Book 1", "Book 2", "Book 10"])
  }

  func testCaseDoesNotMatter() {
    XCTAssertEqual(naturalCompare("book 3", "Book 3"), 0)
    XCTAssertEqual(naturalCompare("BOOK", "book"), 0)
  }

  func testABonusBookSitsBetweenItsNeighbours() {
    XCTAssertEqual(naturalCompare("Book 1", "Book 1.5 Bonus"), -1)
    XCTAssertEqual(naturalCompare("Book 1.5 Bonus", "Book 2"), -1)
    XCTAssertEqual(
      sorted(["Book 2", "Book 1.5 Bonus", "Book 1"]), ["Book 1", "Book 1.5 Bonus", "Book 2"])
  }

  func testAccentsDoNotMatter() {
    XCTAssertEqual(naturalCompare("Éclair", "eclair"), 0)
    XCTAssertEqual(naturalCompare("Ångström", "angstrom"), 0)
    XCTAssertEqual(naturalCompare("Émile", "Erik"), -1)
  }

  func testZeroPaddingDoesNotMatter() {
    XCTAssertEqual(naturalCompare("SS01 - A", "SS02 - B"), -1)
    XCTAssertEqual(naturalCompare("Book 01", "Book 1"), 0)
    XCTAssertEqual(naturalCompare("Book 009", "Book 10"), -1)
  }

  func testLongDigitRunsDoNotOverflow() {
    let huge = "Vol " + String(repeating: "9", count: 40)
    XCTAssertEqual(naturalCompare(huge, "Vol 1" + String(repeating: "0", count: 40)), -1)
    XCTAssertEqual(naturalCompare(huge, huge), 0)
  }

  func testEmptyStringsComeFirst() {
    XCTAssertEqual(naturalCompare("", ""), 0)
    XCTAssertEqual(naturalCompare("", "a"), -1)
    XCTAssertEqual(naturalCompare("a", ""), 1)
  }

  func testAPrefixComesFirst() {
    XCTAssertEqual(naturalCompare("Book", "Book 1"), -1)
    XCTAssertEqual(naturalCompare("Book 1", "Book 1 Part 2"), -1)
  }

  func testRightToLeftTitles() {
    XCTAssertEqual(naturalCompare("كتاب 2", "كتاب 10"), -1)
    XCTAssertEqual(naturalCompare("ספר 10", "ספר 9"), 1)
    XCTAssertEqual(sorted(["كتاب 10", "كتاب 1", "كتاب 2"]), ["كتاب 1", "كتاب 2", "كتاب 10"])
  }

  func testDigitsOfOtherScriptsCompareByValue() {
    // Arabic-Indic ٢ (2) and ١٠ (10); Devanagari २ and १०.
    XCTAssertEqual(naturalCompare("كتاب ٢", "كتاب ١٠"), -1)
    XCTAssertEqual(naturalCompare("भाग २", "भाग १०"), -1)
  }

  func testEmojiTitles() {
    XCTAssertEqual(naturalCompare("📚 2", "📚 10"), -1)
    XCTAssertEqual(naturalCompare("📚", "📚"), 0)
    // Symbols sort before letters, as in ICU.
    XCTAssertEqual(naturalCompare("📚 Stories", "Alpha"), -1)
  }

  func testPunctuationBeforeDigitsBeforeLetters() {
    XCTAssertEqual(naturalCompare("Book 1", "Book-1"), -1)
    XCTAssertEqual(naturalCompare("~Draft", "Alpha"), -1)
    XCTAssertEqual(naturalCompare("3 Body Problem", "Alpha"), -1)
  }

  func testIsAntisymmetricOverAMixedList() {
    let names = [
      "Book 1", "book 1", "Book 1.5 Bonus", "Book 10", "Book-2", "Éclair", "", "📚", "كتاب 2",
      "SS01 - A", "~x", "Extras",
    ]
    for a in names {
      for b in names {
        XCTAssertEqual(naturalCompare(a, b), -naturalCompare(b, a), "\(a) vs \(b)")
      }
    }
  }

  // Keys: sorting by them gives what comparing pairs gives.

  func testSortingByKeysKeepsNamesThatCompareEqualInTheirOrder() {
    let names = ["Book 10", "book 01", "Book 1", "Éclair", "eclair", "Book 2", "", "Book"]
    XCTAssertEqual(
      names.sorted(naturallyBy: { $0 }), ["", "Book", "book 01", "Book 1", "Book 2", "Book 10", "Éclair", "eclair"])
  }

  func testSortingByKeysAgreesWithComparingPairs() {
    let names = [
      "Part 2", "part 10", "Part 1b", "Part 1", "#1", "١٠", "2", "Ärger", "arger", "a-b", "a b", "ab", "A.B",
      "🎧 Book", "Book 🎧", "x99999999999999999999999", "x100000000000000000000000",
    ]
    let byKeys = names.sorted(naturallyBy: { $0 })
    for (earlier, later) in zip(byKeys, byKeys.dropFirst()) {
      XCTAssertLessThanOrEqual(naturalCompare(earlier, later), 0, "\(earlier) before \(later)")
    }
  }

  func testASCIIFoldsAsFoundationFoldsIt() {
    for byte in UInt8(0)..<0x80 {
      let text = "a" + String(UnicodeScalar(byte)) + "Z"
      XCTAssertEqual(
        foldForComparison(text), text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil),
        "byte \(byte)")
    }
  }
}
