import XCTest

@testable import HarkCore

final class ProgressFractionTests: XCTestCase {
  private func check(
    _ position: Double, _ duration: Double, _ fraction: Double, _ remaining: Double,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      progressFractionRemaining(position: position, duration: duration),
      ProgressRemaining(fraction: fraction, remaining: remaining), file: file, line: line)
  }

  // REFERENCE-BEHAVIOR.md 12.

  func testReferenceTable() {
    check(1800, 3600, 0.5, 1800)
    check(4000, 3600, 1, 0)
    check(100, 0, 0, 0)
    // Time left is not clamped to the duration.
    check(-5, 3600, 0, 3605)
  }

  func testEdges() {
    check(0, 3600, 0, 3600)
    check(3600, 3600, 1, 0)
    check(0, 0, 0, 0)
    check(10, -100, 0, 0)
    check(.nan, 3600, 0, 3600)
    check(100, .nan, 0, 0)
    check(.infinity, 3600, 0, 3600)
    check(100, .infinity, 0, 0)
  }
}
