import Foundation
import XCTest

@testable import HarkCore

final class SyncContentKeyTests: XCTestCase {
  func testJoinsServerLibraryAndPathWithColons() {
    XCTAssertEqual(ContentKey(serverID: "c1", libraryID: 2, path: "A/Book").rawValue, "c1:2:A/Book")
    XCTAssertEqual("\(ContentKey(serverID: "c1", libraryID: 2, path: "A/Book"))", "c1:2:A/Book")
  }

  func testPartsStayApartEvenWhenTheyContainColons() {
    let a = ContentKey(serverID: "s:1", libraryID: 2, path: "x")
    let b = ContentKey(serverID: "s", libraryID: 1, path: "2:x")
    XCTAssertNotEqual(a, b)
  }

  func testTheSameBookOnTwoServersIsTwoKeys() {
    XCTAssertNotEqual(
      ContentKey(serverID: "c1", libraryID: 1, path: "X"),
      ContentKey(serverID: "c2", libraryID: 1, path: "X"))
  }
}
