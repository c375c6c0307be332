import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §2.9 chapterAt and §2.10 chapterCountdowns.
final class ChapterCountdownTests: XCTestCase {
  private func chapters(_ bounds: [(Double, Double)]) -> [Chapter] {
    bounds.enumerated().map { index, bound in
      Chapter(index: index, title: "\(index)", filePath: "f", start: bound.0, end: bound.1, bookOffset: bound.0)
    }
  }

  private func even(_ count: Int, _ length: Double) -> [Chapter] {
    chapters((0..<count).map { (Double($0) * length, Double($0 + 1) * length) })
  }

  /// A one-file book laid out with these chapters.
  private func timeline(_ chapters: [Chapter]) -> BookTimeline {
    BookTimeline(tracks: [], offsets: [], total: 0, chapters: chapters)
  }

  private func chapterAt(_ chapters: [Chapter], bookPosition: Double) -> Chapter? {
    timeline(chapters).chapterIndex(at: bookPosition).map { chapters[$0] }
  }

  private let three = [(0.0, 60.0), (60, 200), (200, 320)]
  private let menu = CountdownLimit(minCount: 5, maxSeconds: 3600)

  func testChapterAtIsTheLastStartingAtOrBefore() {
    let list = chapters(three)
    XCTAssertEqual(chapterAt(list, bookPosition: 90)?.index, 1)
    XCTAssertEqual(chapterAt(list, bookPosition: 60)?.index, 1)
    XCTAssertEqual(chapterAt(list, bookPosition: 1000)?.index, 2)
  }

  func testBeforeEveryChapterIsTheFirstAndNoChaptersIsNil() {
    XCTAssertEqual(chapterAt(chapters([(10, 20), (20, 30)]), bookPosition: 5)?.index, 0)
    XCTAssertNil(chapterAt([], bookPosition: 5))
  }

  func testCountdownsFromTheCurrentChapter() {
    let list = chapters(three)
    let countdowns = chapterCountdowns(timeline(list), bookPosition: 90)
    XCTAssertEqual(countdowns.map(\.chapter.index), [1, 2])
    XCTAssertEqual(countdowns.map(\.endPosition), [200, 320])
    XCTAssertEqual(countdowns.map(\.untilEnd), [110, 230])
    let fast = chapterCountdowns(timeline(list), bookPosition: 90, rate: 2)
    XCTAssertEqual(fast.map(\.untilEnd), [55, 115])
    XCTAssertEqual(fast.map(\.endPosition), [200, 320], "the speed does not move content positions")
    XCTAssertEqual(chapterCountdowns(timeline([]), bookPosition: 0), [])
  }

  func testTheLimitKeepsTheFirstChapterPastTheHorizon() {
    let countdowns = chapterCountdowns(timeline(even(12, 600)), bookPosition: 0, limit: menu)
    XCTAssertEqual(countdowns.count, 7)
    XCTAssertEqual(countdowns.last?.untilEnd, 4200)
  }

  func testTheMinimumCountWinsOverTheHorizon() {
    XCTAssertEqual(chapterCountdowns(timeline(even(10, 1200)), bookPosition: 0, limit: menu).count, 5)
  }

  func testNeverMoreThanExist() {
    XCTAssertEqual(chapterCountdowns(timeline(even(3, 600)), bookPosition: 0, limit: menu).count, 3)
  }

  func testTheHorizonIsInListeningTime() {
    let list = even(20, 600)
    XCTAssertEqual(chapterCountdowns(timeline(list), bookPosition: 0, limit: menu).count, 7)
    let fast = chapterCountdowns(timeline(list), bookPosition: 0, limit: menu, rate: 2)
    XCTAssertEqual(fast.count, 13)
    XCTAssertEqual(fast[12].untilEnd, 3900)
  }

  func testTheHorizonIsStrict() {
    let countdowns = chapterCountdowns(timeline(even(12, 600)), bookPosition: 0, limit: CountdownLimit(minCount: 1, maxSeconds: 1200))
    XCTAssertEqual(countdowns.map(\.untilEnd), [600, 1200, 1800], "1200 is not over 1200")
  }
}
