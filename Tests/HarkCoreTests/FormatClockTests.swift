import XCTest
@testable import HarkCore

final class FormatClockTests: XCTestCase {
  func testReferenceTable() {
    // REFERENCE-BEHAVIOR.md section 10, formatClock.
    let cases: [(Double, String)] = [
      (0, "0:00"), (5, "0:05"), (125, "2:05"), (3600, "1:00:00"),
      (3723, "1:02:03"), (-10, "0:00"), (65.9, "1:05"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatClock(seconds), expected, "\(seconds)")
    }
  }

  func testEdges() {
    let cases: [(Double, String)] = [
      (59.999, "0:59"), (60, "1:00"), (599, "9:59"), (3599.9, "59:59"),
      (36000, "10:00:00"), (-0.5, "0:00"), (.nan, "0:00"), (.infinity, "0:00"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(formatClock(seconds), expected, "\(seconds)")
    }
  }
}

final class ParseClockTests: XCTestCase {
  func testReadsWhatFormatClockWrites() {
    for seconds in [0.0, 5, 65, 125, 3600, 3723, 45030] {
      XCTAssertEqual(parseClock(formatClock(seconds)), seconds)
    }
  }

  func testAcceptsSecondsAloneAndSpaces() {
    XCTAssertEqual(parseClock(" 42 "), 42)
    XCTAssertEqual(parseClock("90"), 90)
  }

  func testRefusesWhatIsNotATime() {
    for text in ["", ":", "1:", ":30", "1:60", "1:2:60", "1:2:3:4", "-5", "1.5", "a:bc", "١:٠٠", "9999999999"] {
      XCTAssertNil(parseClock(text), text)
    }
  }
}
