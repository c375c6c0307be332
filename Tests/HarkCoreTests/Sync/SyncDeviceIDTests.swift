import Foundation
import XCTest

@testable import HarkCore

final class SyncDeviceIDTests: XCTestCase {
  /// A fixed sequence, so the random part is known.
  private struct Counting: RandomNumberGenerator {
    var state: UInt64 = 0
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      return state
    }
  }

  func testBase36MillisecondsDashEightRandomBase36Characters() throws {
    var generator = Counting()
    let now = Date(timeIntervalSince1970: 1_783_848_600.123)
    let id = DeviceID.generate(now: now, using: &generator)
    let parts = id.split(separator: "-")
    XCTAssertEqual(parts.count, 2)
    XCTAssertEqual(Int64(parts[0], radix: 36), 1_783_848_600_123)
    XCTAssertEqual(parts[1].count, 8)
    XCTAssertTrue(parts[1].allSatisfy { $0.isNumber || ("a"..."z").contains($0) }, id)
  }

  func testTheSameSourceGivesTheSameIDAndTwoInstallsDiffer() {
    var a = Counting()
    var b = Counting()
    let now = Date(timeIntervalSince1970: 1_783_848_600)
    XCTAssertEqual(DeviceID.generate(now: now, using: &a), DeviceID.generate(now: now, using: &b))
    XCTAssertNotEqual(DeviceID.generate(now: now), DeviceID.generate(now: now))
  }
}
