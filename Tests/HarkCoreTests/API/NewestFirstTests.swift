import Foundation
import XCTest

@testable import HarkCore

final class NewestFirstTests: XCTestCase {
  func testNewestFirstUndatedLastEqualDatesInTheirOrder() {
    let items: [(name: String, date: Date?)] = [
      ("undated", nil), ("old", .epoch(1)), ("new", .epoch(3)), ("tie 1", .epoch(2)), ("tie 2", .epoch(2)),
    ]
    XCTAssertEqual(items.sortedNewestFirst(by: \.date).map(\.name), ["new", "tie 1", "tie 2", "old", "undated"])
  }
}
