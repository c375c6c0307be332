import XCTest

@testable import HarkCore

final class TimestampTests: XCTestCase {
  func testParsesWithAndWithoutFractionsAndOffsets() {
    let base = 1_783_848_600.0  // 2026-07-12T09:30:00Z
    let table: [(String, Double?)] = [
      ("2026-07-12T09:30:00Z", base),
      ("2026-07-12T09:30:00.250Z", base + 0.25),
      ("2026-07-12T09:30:00.123456789Z", base + 0.123456789),
      ("2026-07-12T11:30:00+02:00", base),
      ("2026-07-12T04:00:00-05:30", base),
      ("2026-07-12t09:30:00z", base),
      ("2026-07-12 09:30:00Z", base),
      ("1970-01-01T00:00:00Z", 0),
      ("1969-12-31T23:59:59Z", -1),
      ("2000-02-29T00:00:00Z", 951_782_400),
      ("", nil),
      ("2026-07-12", nil),
      ("2026-07-12T09:30:00", nil),
      ("2026-13-12T09:30:00Z", nil),
      ("2026-07-12T09:30:00.Z", nil),
      ("2026-07-12T09:30:00Zjunk", nil),
      ("yesterday", nil),
    ]
    for (text, expected) in table {
      let date = Timestamp(rawValue: text).date
      if let expected {
        XCTAssertEqual(
          try XCTUnwrap(date, text).timeIntervalSince1970, expected, accuracy: 1e-6, text)
      } else {
        XCTAssertNil(date, text)
      }
    }
  }

  func testFormatsUTCWithMilliseconds() {
    XCTAssertEqual(
      Timestamp(Date(timeIntervalSince1970: 1_783_848_600.25)).rawValue, "2026-07-12T09:30:00.250Z")
    XCTAssertEqual(Timestamp(Date(timeIntervalSince1970: 0)).rawValue, "1970-01-01T00:00:00.000Z")
    XCTAssertEqual(
      Timestamp(Date(timeIntervalSince1970: -0.5)).rawValue, "1969-12-31T23:59:59.500Z")
    XCTAssertEqual(
      Timestamp(Date(timeIntervalSince1970: 951_868_799)).rawValue, "2000-02-29T23:59:59.000Z")
  }

  func testRoundTripsThroughItsText() throws {
    for seconds in [0.0, 1.5, 1_783_848_600.123, 4_102_444_800] {
      let stamp = Timestamp(Date(timeIntervalSince1970: seconds))
      XCTAssertEqual(try XCTUnwrap(stamp.date).timeIntervalSince1970, seconds, accuracy: 0.001)
    }
  }

  func testCodesAsAPlainStringKeptVerbatim() throws {
    let text = "\"2026-07-12T09:30:00.123456789+00:00\""
    let stamp = try JSONDecoder().decode(Timestamp.self, from: Data(text.utf8))
    XCTAssertEqual(stamp.rawValue, "2026-07-12T09:30:00.123456789+00:00")
    XCTAssertEqual(String(decoding: try JSONEncoder().encode(stamp), as: UTF8.self), text)
  }
}
