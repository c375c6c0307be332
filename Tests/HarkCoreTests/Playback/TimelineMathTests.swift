import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §1 wallClockSeconds, §2.7 locate, §2.8 toBookPosition.
final class TimelineMathTests: XCTestCase {
  func testWallClockDividesByASpeedAndTreatsNoSpeedAsNormal() {
    XCTAssertEqual(wallClockSeconds(120, rate: 2), 60)
    XCTAssertEqual(wallClockSeconds(120), 120)
    XCTAssertEqual(wallClockSeconds(120, rate: 0), 120)
    XCTAssertEqual(wallClockSeconds(120, rate: -1.5), 120)
  }

  func testWallClockIsNeverNegativeAndNotRounded() {
    XCTAssertEqual(wallClockSeconds(-30, rate: 1.5), 0)
    XCTAssertEqual(wallClockSeconds(10, rate: 3), 10.0 / 3)
  }

  func testLocateFindsTheTrackAndThePositionInIt() {
    let offsets: [Double] = [0, 60, 160]
    XCTAssertEqual(TimelineMarks(starts: offsets).location(at: 0), TrackLocation(index: 0, positionInTrack: 0))
    XCTAssertEqual(TimelineMarks(starts: offsets).location(at: 70), TrackLocation(index: 1, positionInTrack: 10))
    XCTAssertEqual(
      TimelineMarks(starts: offsets).location(at: 500), TrackLocation(index: 2, positionInTrack: 340),
      "past the end stays in the last track, unclamped")
  }

  func testLocateEdges() {
    let offsets: [Double] = [0, 60, 160]
    XCTAssertEqual(
      TimelineMarks(starts: offsets).location(at: 60), TrackLocation(index: 1, positionInTrack: 0),
      "a boundary belongs to the later track")
    XCTAssertEqual(TimelineMarks(starts: offsets).location(at: -5), TrackLocation(index: 0, positionInTrack: 0))
    XCTAssertEqual(TimelineMarks(starts: []).location(at: 42), TrackLocation(index: 0, positionInTrack: 42))
  }

  func testToBookPositionAddsTheTracksOffset() {
    XCTAssertEqual(toBookPosition(offsets: [0, 60, 160], index: 1, positionInTrack: 10), 70)
    XCTAssertEqual(toBookPosition(offsets: [0, 60], index: 5, positionInTrack: 10), 10, "an unknown track starts at 0")
  }
}
