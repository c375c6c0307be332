import Foundation
import XCTest

@testable import HarkCore

final class RelativeTimeTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_780_000_000)
  private let day: TimeInterval = 86400

  private func english(_ secondsAgo: TimeInterval) -> String {
    formatRelative(now.addingTimeInterval(-secondsAgo), now: now)
  }

  private func localized(_ secondsAgo: TimeInterval, _ identifier: String) -> String {
    formatRelative(
      now.addingTimeInterval(-secondsAgo), now: now, locale: Locale(identifier: identifier))
  }

  // REFERENCE-BEHAVIOR.md 10, the English fallback.

  func testEnglishReferenceExamples() {
    XCTAssertEqual(english(10), "just now")
    XCTAssertEqual(english(3 * day), "3 days ago")
    XCTAssertEqual(english(60 * day), "2 months ago")
    XCTAssertEqual(english(3600), "1 hour ago")
  }

  func testEnglishUnitBoundaries() {
    let cases: [(TimeInterval, String)] = [
      (0, "just now"), (44.9, "just now"), (45, "45 seconds ago"), (59, "59 seconds ago"),
      (60, "1 minute ago"), (89, "1 minute ago"), (90, "2 minutes ago"),
      // The minute is rounded before the unit is reconsidered, as in the reference.
      (3599, "60 minutes ago"), (7200, "2 hours ago"), (86399, "24 hours ago"),
      (day, "1 day ago"), (29 * day, "29 days ago"), (30 * day, "1 month ago"),
      (364 * day, "12 months ago"), (365 * day, "1 year ago"), (800 * day, "2 years ago"),
    ]
    for (ago, expected) in cases {
      XCTAssertEqual(english(ago), expected, "\(ago)")
    }
  }

  func testTheFutureIsNow() {
    XCTAssertEqual(english(-3600), "just now")
  }

  func testUnknownDatesAreEmpty() {
    XCTAssertEqual(formatRelative(nil as Date?, now: now), "")
    XCTAssertEqual(formatRelative(nil as Timestamp?, now: now), "")
    XCTAssertEqual(formatRelative(Timestamp(rawValue: "yesterday"), now: now), "")
    XCTAssertEqual(formatRelative(Timestamp(rawValue: ""), now: now), "")
  }

  func testServerTimestamps() {
    let then = Timestamp(now.addingTimeInterval(-3 * day))
    XCTAssertEqual(formatRelative(then, now: now), "3 days ago")
    XCTAssertEqual(
      formatRelative(Timestamp(rawValue: "2026-05-28T21:26:40+02:00"), now: now), "1 hour ago")
  }

  func testAbsurdDatesDoNotTrap() {
    XCTAssertEqual(formatRelative(Date.distantPast, now: now).hasSuffix("years ago"), true)
    XCTAssertEqual(formatRelative(Date.distantFuture, now: now), "just now")
  }

  // The localized path: Foundation's wording, with the reference's unit and number.

  func testLocalized() {
    XCTAssertEqual(localized(10, "en"), "now")
    XCTAssertEqual(localized(3 * day, "en"), "3 days ago")
    XCTAssertEqual(localized(3 * day, "es"), "hace 3 días")
    XCTAssertEqual(localized(60 * day, "de"), "vor 2 Monaten")
    XCTAssertEqual(localized(3600, "en"), "1 hour ago")
    // numeric: "auto": one day is a word, not a number.
    XCTAssertEqual(localized(day, "en"), "yesterday")
  }
}
