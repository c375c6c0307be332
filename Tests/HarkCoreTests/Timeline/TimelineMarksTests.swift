import HarkCore
import XCTest

/// The one search behind "which chapter (or file) is playing?" (§2.7, §2.9).
final class TimelineMarksTests: XCTestCase {
  /// The rule as the player has always stated it: walk from the front and
  /// stop at the first start past the position.
  private func walk(_ starts: [Double], _ position: Double) -> Int? {
    guard !starts.isEmpty else { return nil }
    var found = 0
    for (index, start) in starts.enumerated() {
      guard position >= start else { break }
      found = index
    }
    return found
  }

  private let three = TimelineMarks(starts: [10, 60, 200])

  func testBeforeTheFirstStartIsTheFirst() {
    XCTAssertEqual(three.index(at: 0), 0)
    XCTAssertEqual(three.index(at: -5), 0)
    XCTAssertEqual(three.index(at: .nan), 0, "an unknown position is the start")
  }

  func testExactlyOnAStartIsThatOne() {
    XCTAssertEqual(three.index(at: 10), 0)
    XCTAssertEqual(three.index(at: 60), 1)
    XCTAssertEqual(three.index(at: 200), 2)
  }

  func testBetweenStartsIsTheEarlier() {
    XCTAssertEqual(three.index(at: 59.999), 0)
    XCTAssertEqual(three.index(at: 61), 1)
  }

  func testAfterTheEndIsTheLast() {
    XCTAssertEqual(three.index(at: 1_000_000), 2)
    XCTAssertEqual(three.index(at: .infinity), 2)
  }

  func testAnEmptyTimelineHasNone() {
    XCTAssertNil(TimelineMarks(starts: []).index(at: 0))
    XCTAssertNil(TimelineMarks(starts: []).index(at: 42))
  }

  func testAZeroLengthChapterIsNeverCurrentUnlessLast() {
    let marks = TimelineMarks(starts: [0, 60, 60, 60, 120, 120])
    XCTAssertEqual(marks.index(at: 59), 0)
    XCTAssertEqual(marks.index(at: 60), 3, "the last of the chapters starting at 60")
    XCTAssertEqual(marks.index(at: 119), 3)
    XCTAssertEqual(marks.index(at: 120), 5, "the last chapter, even when it is empty")
  }

  func testFiveThousandChaptersFindEveryStartAndEveryGap() {
    let starts = (0..<5000).map { Double($0) * 37.5 }
    let marks = TimelineMarks(starts: starts)
    for (index, start) in starts.enumerated() {
      XCTAssertEqual(marks.index(at: start), index)
      XCTAssertEqual(marks.index(at: start + 10), index)
      XCTAssertEqual(marks.index(at: start.nextDown), max(index - 1, 0))
    }
  }

  func testOutOfOrderStartsAnswerAsTheWalkDid() {
    // A chapter whose file is not found counts from the book's start (§2.2),
    // so a server can hand the player starts out of order.
    let orders: [[Double]] = [
      [0, 100, 50, 150, 300], [0, 100, 20, 30, 40, 400], [5, 0, 10], [0, .nan, 100], [.nan, 0, 10],
      [0, 100, 100, 50, 200, -.infinity, 400],
    ]
    for starts in orders {
      let marks = TimelineMarks(starts: starts)
      for position in [-1, 0, 4, 5, 10, 25, 49, 50, 75, 100, 120, 150, 199, 200, 300, 350, 400, 1e9, .nan] {
        XCTAssertEqual(marks.index(at: position), walk(starts, position), "\(starts) at \(position)")
      }
    }
  }

  func testATrackLocationIsTheFileAndTheTimeIntoIt() {
    let files = TimelineMarks(starts: [0, 60, 160])
    XCTAssertEqual(files.location(at: 60), TrackLocation(index: 1, positionInTrack: 0))
    XCTAssertEqual(files.location(at: 500), TrackLocation(index: 2, positionInTrack: 340))
  }
}
