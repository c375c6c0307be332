import HarkCore
import XCTest

/// Dragging the thumb: the preview, the throttled seeks, the release, and
/// re-basing when playback crosses a chapter end (issue 5).
final class SeekBarDragTests: XCTestCase {
  private let chapterFour = 3600.0

  func testThePreviewFollowsThePointerInChapterAndBookTime() {
    var model = SeekBarModel(seekBarInput(chapterFour + 10))
    XCTAssertNil(model.preview, "no bubble outside a drag")
    model.beginDrag(at: 0)
    _ = model.dragMoved(toFraction: 192.0 / 900, at: 16)
    let preview = model.preview
    XCTAssertEqual(preview?.position ?? 0, chapterFour + 192, accuracy: 1e-9)
    XCTAssertEqual(preview?.chapterText, "Chapter 4 · 3:12 of 15:00")
    XCTAssertEqual(preview?.bookText, "Book · 1:03:12 of 9:41:00")
    XCTAssertEqual(model.display.elapsedText, "3:12", "the end labels follow the pointer too")
  }

  func testThePreviewWithoutChaptersOrDuration() {
    var model = SeekBarModel(seekBarInput(100, chapters: [], duration: 600))
    model.beginDrag(at: 0)
    _ = model.dragMoved(toFraction: 0.5, at: 10)
    XCTAssertEqual(model.preview?.chapterText, "5:00 of 10:00")
    var unknownLength = SeekBarModel(seekBarInput(3700, duration: nil))
    unknownLength.beginDrag(at: 0)
    XCTAssertEqual(unknownLength.preview?.bookText, "Book · 1:01:40")
  }

  func testThePointerIsClampedToTheBar() {
    var model = SeekBarModel(seekBarInput(chapterFour + 10))
    model.beginDrag(at: 0)
    _ = model.dragMoved(toFraction: 1.7, at: 10)
    XCTAssertEqual(model.preview?.position, 4500)
    _ = model.dragMoved(toFraction: -3, at: 20)
    XCTAssertEqual(model.preview?.position, chapterFour)
    _ = model.dragMoved(toFraction: .nan, at: 30)
    XCTAssertEqual(model.preview?.position, chapterFour)
  }

  func testAShortDragSeeksOnlyOnRelease() {
    var model = SeekBarModel(seekBarInput(chapterFour))
    model.beginDrag(at: 1000)
    for (step, time) in [(0.1, 1100), (0.2, 1200), (0.3, 1400)] as [(Double, Int64)] {
      XCTAssertNil(model.dragMoved(toFraction: step, at: time))
    }
    XCTAssertEqual(model.endDrag(), chapterFour + 270)
    XCTAssertFalse(model.isDragging)
  }

  func testALongDragSeeksAtMostEveryIntervalThenOnRelease() {
    var model = SeekBarModel(seekBarInput(chapterFour))
    model.beginDrag(at: 0)
    var sent: [Int64] = []
    for time in stride(from: Int64(16), through: 1600, by: 16) {
      if model.dragMoved(toFraction: Double(time) / 2000, at: time) != nil { sent.append(time) }
    }
    XCTAssertEqual(sent, [512, 1024, 1536], "every 500 ms at most, on the first motion after it")
    XCTAssertEqual(model.endDrag(atFraction: 0.9), chapterFour + 810, "the release always seeks")
  }

  func testARestingPointerIsSentWhenItsTimeComes() {
    var model = SeekBarModel(seekBarInput(chapterFour))
    model.beginDrag(at: 0)
    XCTAssertNil(model.dragMoved(toFraction: 0.5, at: 100))
    XCTAssertEqual(model.dragSeekDueAt, 500)
    XCTAssertNil(model.dragTick(at: 499))
    XCTAssertEqual(model.dragTick(at: 500), chapterFour + 450)
    XCTAssertNil(model.dragSeekDueAt, "nothing waits once sent: no timer")
    XCTAssertNil(model.dragMoved(toFraction: 0.5, at: 1200), "the same place is not sent twice")
    XCTAssertNil(model.dragSeekDueAt)
  }

  func testTheReleaseSeeksEvenWhereAThrottledSeekWent() {
    var model = SeekBarModel(seekBarInput(chapterFour))
    model.beginDrag(at: 0)
    XCTAssertEqual(model.dragMoved(toFraction: 0.5, at: 600), chapterFour + 450)
    XCTAssertEqual(model.endDrag(), chapterFour + 450)
  }

  func testPlaybackDoesNotMoveTheThumbDuringADrag() {
    var model = SeekBarModel(seekBarInput(chapterFour + 890))
    model.beginDrag(at: 0)
    _ = model.dragMoved(toFraction: 0.25, at: 10)
    model.show(seekBarInput(4500 + 20))
    XCTAssertEqual(model.span?.chapter?.number, 4, "the span the drag began on stays")
    XCTAssertEqual(model.display.fraction, 0.25)
    XCTAssertEqual(model.endDrag(), chapterFour + 225)
  }

  func testPlaybackCrossingAChapterEndReBasesTheBar() {
    var model = SeekBarModel(seekBarInput(4499))
    XCTAssertEqual(model.span?.chapter?.number, 4)
    model.show(seekBarInput(4501))
    XCTAssertEqual(model.span?.chapter?.number, 5)
    XCTAssertEqual(model.span?.start, 4500)
    XCTAssertEqual(model.display.elapsedText, "0:01")
    XCTAssertEqual(model.display.remainingText, "\u{2212}14:59")
  }

  /// After a release the bar shows the player's position, re-based on the
  /// chapter the release landed in: the player holds the seek's target
  /// until the engine got there, so the bar keeps none of its own.
  func testAfterAReleaseTheBarShowsThePlayersPosition() {
    var model = SeekBarModel(seekBarInput(chapterFour + 10))
    model.beginDrag(at: 0)
    let target = model.endDrag(atFraction: 0.8)
    XCTAssertEqual(target, chapterFour + 720)
    XCTAssertEqual(model.span?.chapter?.number, 4)
    model.show(seekBarInput(chapterFour + 720))
    XCTAssertEqual(model.shownPosition, chapterFour + 720)
    model.show(seekBarInput(chapterFour + 721))
    XCTAssertEqual(model.shownPosition, chapterFour + 721, "playback leads")
  }

  func testAReleaseOnTheChapterEndReBasesOnTheNextChapter() {
    var model = SeekBarModel(seekBarInput(chapterFour + 10))
    model.beginDrag(at: 0)
    XCTAssertEqual(model.endDrag(atFraction: 1), 4500)
    XCTAssertEqual(model.span?.chapter?.number, 5)
  }

  func testACancelledDragSendsNothingAndShowsPlayback() {
    var model = SeekBarModel(seekBarInput(chapterFour + 10))
    model.beginDrag(at: 0)
    _ = model.dragMoved(toFraction: 0.9, at: 50)
    model.show(seekBarInput(4600))
    model.cancelDrag()
    XCTAssertNil(model.endDrag())
    XCTAssertEqual(model.span?.chapter?.number, 5)
    XCTAssertEqual(model.shownPosition, 4600)
  }

  func testNothingToSeekInMeansNoDrag() {
    var model = SeekBarModel(seekBarInput(10, chapters: [], duration: nil))
    model.beginDrag(at: 0)
    XCTAssertFalse(model.isDragging)
    XCTAssertNil(model.dragMoved(toFraction: 0.5, at: 600))
    XCTAssertNil(model.endDrag())
  }
}
