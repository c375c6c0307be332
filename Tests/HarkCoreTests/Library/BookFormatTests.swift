import Foundation
import XCTest

@testable import HarkCore

final class BookFormatTests: XCTestCase {
  // MARK: formatDuration (REFERENCE-BEHAVIOR.md 10)

  func testDurationReferenceTable() {
    let cases: [(Double?, String)] = [
      (30, "30s"), (90, "1m"), (3600, "1h"), (45030, "12h 30m"), (7200, "2h"),
      (0, ""), (nil, ""), (-5, ""),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatDuration(seconds), expected, "\(String(describing: seconds))")
    }
  }

  func testDurationEdges() {
    let cases: [(Double?, String)] = [
      (0.4, "0s"), (0.5, "1s"), (59.5, "1m"), (119, "1m"), (3599.4, "59m"), (3599.5, "1h"),
      (3660, "1h 1m"), (-0.1, ""), (.nan, ""), (.infinity, ""), (-.infinity, ""),
      (1e300, "277777777h 46m"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatDuration(seconds), expected, "\(String(describing: seconds))")
    }
  }

  // MARK: formatDurationFull

  func testDurationFullReferenceTable() {
    let cases: [(Double?, String)] = [
      (45, "45s"), (532, "8m52s"), (5580, "1h33m"), (60, "1m0s"),
      (0, ""), (nil, ""), (-1, ""), (.nan, ""), (3600, "1h0m"), (59.6, "1m0s"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatDurationFull(seconds), expected, "\(String(describing: seconds))")
    }
  }

  // MARK: formatCountdown

  func testCountdownReferenceTable() {
    let cases: [(Double, String)] = [
      (312, "5m 12s"), (1074, "17m 54s"), (1519, "25m 19s"), (2222, "37m 2s"),
      (3900, "1h 5m"), (3600, "1h"), (45, "45s"), (0, "0s"), (-10, "0s"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatCountdown(seconds), expected, "\(seconds)")
    }
  }

  func testCountdownEdges() {
    let cases: [(Double, String)] = [
      (0.4, "0s"), (0.5, "1s"), (59.5, "1m 0s"), (.nan, "0s"), (.infinity, "0s"),
      (-.infinity, "0s"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatCountdown(seconds), expected, "\(seconds)")
    }
  }

  // MARK: formatBytes

  private let english = Locale(identifier: "en_US")
  private let german = Locale(identifier: "de_DE")

  func testBytesReferenceTable() {
    XCTAssertEqual(formatBytes(0, locale: english), "0 B")
    XCTAssertEqual(formatBytes(512, locale: english), "512 B")
    XCTAssertEqual(formatBytes(1536, locale: english), "1.5 KB")
    XCTAssertEqual(formatBytes(1536, locale: german), "1,5 KB")
    XCTAssertEqual(formatBytes(1_610_612_736, locale: english), "1.5 GB")
  }

  func testBytesFormattersAreBuiltOncePerLocaleAndDecimals() {
    // Each store change (each engine report while playing) formats sizes
    // for the Downloads page: building a NumberFormatter each time costs
    // ICU locale look-ups on the main thread.
    let numbers = ByteNumbers()
    for value in stride(from: 1.0, to: 500, by: 7.5) {
      _ = numbers.format(value, decimals: 1, locale: english)
      _ = numbers.format(value, decimals: 0, locale: english)
      _ = numbers.format(value, decimals: 1, locale: german)
    }
    XCTAssertEqual(numbers.built, 3)
    XCTAssertEqual(numbers.format(1.25, decimals: 1, locale: german), "1,3")
  }

  func testBytesEdges() {
    XCTAssertEqual(formatBytes(nil, locale: english), "0 B")
    XCTAssertEqual(formatBytes(-5, locale: english), "0 B")
    XCTAssertEqual(formatBytes(1, locale: english), "1 B")
    // Grouping is on, and bytes never show a fraction.
    XCTAssertEqual(formatBytes(1023, locale: english), "1,023 B")
    XCTAssertEqual(formatBytes(1023, locale: german), "1.023 B")
    // Exact powers land in the larger unit; whole values drop the ".0".
    XCTAssertEqual(formatBytes(1024, locale: english), "1 KB")
    XCTAssertEqual(formatBytes(1_048_576, locale: english), "1 MB")
    XCTAssertEqual(formatBytes(1 << 40, locale: english), "1 TB")
    // Half rounds away from zero (1.25 → 1.3), as JavaScript does.
    XCTAssertEqual(formatBytes(1280, locale: english), "1.3 KB")
    // From 100 of a unit there are no decimals.
    XCTAssertEqual(formatBytes(99 * 1024 + 1000, locale: english), "100 KB")
    XCTAssertEqual(formatBytes(150 * 1024 + 512, locale: english), "151 KB")
    // TB is the largest unit.
    XCTAssertEqual(formatBytes(1 << 50, locale: english), "1,024 TB")
    XCTAssertEqual(formatBytes(Int64.max, locale: english), "8,388,608 TB")
  }

  // MARK: formatBitrate

  func testBitrateReferenceTable() {
    XCTAssertEqual(formatBitrate(bytes: 2_000_000, seconds: 125), "128kbps")
    XCTAssertEqual(formatBitrate(bytes: 1_000_000, seconds: 0), "")
    XCTAssertEqual(formatBitrate(bytes: 1_000_000, seconds: -10), "")
    XCTAssertEqual(formatBitrate(bytes: nil, seconds: 100), "")
    XCTAssertEqual(formatBitrate(bytes: 0, seconds: 100), "")
    XCTAssertEqual(formatBitrate(bytes: 10, seconds: 100), "")
  }

  func testBitrateEdges() {
    XCTAssertEqual(formatBitrate(bytes: 1_000_000, seconds: nil), "")
    XCTAssertEqual(formatBitrate(bytes: 1_000_000, seconds: .nan), "")
    XCTAssertEqual(formatBitrate(bytes: 1_000_000, seconds: .infinity), "")
    XCTAssertEqual(formatBitrate(bytes: -1_000_000, seconds: 100), "")
    // 62.5 bytes/s is 0.5 kbps: rounds up to 1.
    XCTAssertEqual(formatBitrate(bytes: 6250, seconds: 100), "1kbps")
    // Absurd data does not trap.
    XCTAssertEqual(formatBitrate(bytes: Int64.max, seconds: .leastNonzeroMagnitude), "")
    XCTAssertFalse(formatBitrate(bytes: Int64.max, seconds: 1).isEmpty)
  }

  // MARK: bookSubtitle

  func testSubtitleReferenceTable() {
    XCTAssertEqual(
      bookSubtitle(author: "Brandon Sanderson", series: nil, seriesIndex: nil), "Brandon Sanderson")
    XCTAssertEqual(bookSubtitle(author: nil, series: "Cradle", seriesIndex: 2), "Cradle #2")
    XCTAssertEqual(
      bookSubtitle(author: "Will Wight", series: "Cradle", seriesIndex: 1), "Will Wight · Cradle #1"
    )
    XCTAssertEqual(
      bookSubtitle(author: "Will Wight", series: "Cradle", seriesIndex: 0), "Will Wight · Cradle")
    XCTAssertEqual(
      bookSubtitle(author: "Will Wight", series: "Cradle", seriesIndex: nil), "Will Wight · Cradle")
    XCTAssertEqual(bookSubtitle(author: nil, series: nil, seriesIndex: nil), "")
  }

  func testSubtitleEdges() {
    XCTAssertEqual(bookSubtitle(author: "", series: "", seriesIndex: 3), "")
    XCTAssertEqual(bookSubtitle(author: nil, series: "Cradle", seriesIndex: 1.5), "Cradle #1.5")
    XCTAssertEqual(bookSubtitle(author: nil, series: "Cradle", seriesIndex: .nan), "Cradle")
    // An index without a series is not shown.
    XCTAssertEqual(bookSubtitle(author: "A", series: nil, seriesIndex: 4), "A")
    XCTAssertEqual(
      bookSubtitle(author: "نجيب محفوظ", series: "الثلاثية", seriesIndex: 2),
      "نجيب محفوظ · الثلاثية #2")
  }

  func testSubtitleForABook() {
    let book = Book(
      libraryID: 1, relPath: "x", author: "Will Wight", series: "Cradle", seriesIndex: 3)
    XCTAssertEqual(bookSubtitle(book), "Will Wight · Cradle #3")
  }
}
