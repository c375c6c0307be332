import HarkCore
import XCTest

/// The one splice a list view gets: the rows that did not change stay.
final class ListSpliceTests: XCTestCase {
  private func apply(_ splice: ListSplice, to list: [String]) -> [String] {
    var result = list
    result.replaceSubrange(splice.position..<(splice.position + splice.removed), with: splice.inserted)
    return result
  }

  func testKeepsTheCommonPrefixAndSuffix() {
    let splice = ListSplice(from: ["a", "b", "c", "d"], to: ["a", "x", "y", "d"])
    XCTAssertEqual(splice, ListSplice(position: 1, removed: 2, inserted: ["x", "y"]))
  }

  func testNoChangeIsAnEmptySplice() {
    let splice = ListSplice(from: ["a", "b"], to: ["a", "b"])
    XCTAssertEqual(splice.removed, 0)
    XCTAssertEqual(splice.inserted, [])
  }

  func testAppendInsertRemoveAndRepeatsAllReproduceTheTarget() {
    let cases: [([String], [String])] = [
      ([], ["a", "b"]), (["a", "b"], []), (["a"], ["a", "b"]), (["b"], ["a", "b"]),
      (["a", "a", "a"], ["a", "a"]), (["a", "b", "a"], ["a", "a"]), (["x", "y"], ["y", "x"]),
    ]
    for (old, new) in cases {
      XCTAssertEqual(apply(ListSplice(from: old, to: new), to: old), new, "\(old) → \(new)")
    }
  }

  func testAppendingAPageTouchesOnlyTheNewRows() {
    let first = (0..<200).map(String.init)
    let splice = ListSplice(from: first, to: first + ["200", "201"])
    XCTAssertEqual(splice, ListSplice(position: 200, removed: 0, inserted: ["200", "201"]))
  }
}
