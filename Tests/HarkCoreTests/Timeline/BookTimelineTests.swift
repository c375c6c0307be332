import HarkCore
import XCTest

/// The loaded book's timeline: laid out once, kept in step with its queue.
final class BookTimelineTests: XCTestCase {
  private func track(_ path: String) -> BookTrack {
    BookTrack(id: "1:\(path)", path: path, title: "T", album: "T", artist: "", duration: nil)
  }

  func testABookWithoutChaptersMovesBetweenItsFiles() {
    let timeline = BookTimeline(tracks: [track("1"), track("2")], offsets: [0, 60], total: 160, chapters: [])
    XCTAssertFalse(timeline.hasChapterMarks)
    XCTAssertEqual(timeline.spans, [ChapterSpan(start: 0, end: 60), ChapterSpan(start: 60, end: 160)])
    XCTAssertEqual(timeline.titles, ["Chapter 1", "Chapter 2"])
    XCTAssertEqual(timeline.chapterIndex(at: 100), 1)
    XCTAssertEqual(timeline.tracks.location(at: 100), TrackLocation(index: 1, positionInTrack: 40))
  }

  func testTheQueueLaysItsTimelineOutAgainWhenItsPartsChange() {
    var queue = BookQueue(tracks: [track("1"), track("2")], offsets: [0, 60], total: 160, chapters: [])
    queue.total = 200
    XCTAssertEqual(queue.timeline.spans.last, ChapterSpan(start: 60, end: 200), "a longer book")
    queue.chapters = [
      Chapter(index: 0, title: "One", filePath: "1", start: 0, end: 90, bookOffset: 0),
      Chapter(index: 1, title: "Two", filePath: "2", start: 30, end: 140, bookOffset: 90),
    ]
    XCTAssertEqual(queue.timeline.titles, ["One", "Two"])
    XCTAssertEqual(queue.timeline.chapterIndex(at: 95), 1)
    queue.offsets = [0, 80]
    XCTAssertEqual(queue.timeline.tracks.location(at: 95), TrackLocation(index: 1, positionInTrack: 15))
  }
}
