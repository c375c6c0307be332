import Foundation
import XCTest

@testable import HarkCore

final class SyncLibraryPathKeyTests: XCTestCase {
  func testJoinsServerLibraryAndPathWithColons() {
    XCTAssertEqual(LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book").rawValue, "c1:2:A/Book")
    XCTAssertEqual("\(LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book"))", "c1:2:A/Book")
  }

  func testPartsStayApartEvenWhenTheyContainColons() {
    let a = LibraryPath(serverID: "s:1", libraryID: 2, path: "x")
    let b = LibraryPath(serverID: "s", libraryID: 1, path: "2:x")
    XCTAssertNotEqual(a, b)
  }

  func testTheSameBookOnTwoServersIsTwoKeys() {
    XCTAssertNotEqual(
      LibraryPath(serverID: "c1", libraryID: 1, path: "X"),
      LibraryPath(serverID: "c2", libraryID: 1, path: "X"))
  }
}
