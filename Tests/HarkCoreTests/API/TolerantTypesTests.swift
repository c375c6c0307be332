import Foundation
import HarkCore
import XCTest

/// Fields whose JSON type the contract leaves open are read in either form.
final class TolerantTypesTests: XCTestCase {
  func testModTimeAsNumberOrRFC3339() throws {
    let number = #"{"name":"a","path":"a","is_dir":true,"is_audio":false,"size":0,"mod_time":1700000000}"#
    let text = #"{"name":"a","path":"a","is_dir":true,"is_audio":false,"size":0,"mod_time":"2023-11-14T22:13:20Z"}"#
    let a = try JSONDecoder().decode(FsEntry.self, from: Data(number.utf8))
    let b = try JSONDecoder().decode(FsEntry.self, from: Data(text.utf8))
    XCTAssertEqual(a.modTime, 1_700_000_000)
    XCTAssertEqual(b.modTime, 1_700_000_000)
    let bad = #"{"name":"a","path":"a","is_dir":true,"is_audio":false,"size":0,"mod_time":"yesterday"}"#
    XCTAssertThrowsError(try JSONDecoder().decode(FsEntry.self, from: Data(bad.utf8)))
  }

  func testNarratorsAsNamesOrObjects() throws {
    let names = try JSONDecoder().decode([MetaPerson].self, from: Data(#"["Eleanor Vance"]"#.utf8))
    let objects = try JSONDecoder().decode([MetaPerson].self, from: Data(#"[{"id":"n1","name":"Eleanor Vance"}]"#.utf8))
    XCTAssertEqual(names.map(\.name), ["Eleanor Vance"])
    XCTAssertEqual(objects, [MetaPerson(id: "n1", name: "Eleanor Vance")])
  }
}
