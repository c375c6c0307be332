import HarkCore
import XCTest

/// Keyboard steps: arrows ±5 s, Page Up/Down ±60 s, Home/End; a step stops
/// at a chapter's edge and carries on from there (issue 5).
final class SeekBarStepTests: XCTestCase {
  private let chapterFour = 3600.0

  func testArrowsAndPagesStepFromThePosition() {
    for (step, expected) in [
      (SeekBarStep.forward, 305.0), (.backward, 295), (.pageForward, 360), (.pageBackward, 240),
      (.chapterStart, 0), (.chapterEnd, 900),
    ] {
      var model = SeekBarModel(seekBarInput(chapterFour + 300))
      XCTAssertEqual(model.step(step), chapterFour + expected, "\(step)")
    }
  }

  /// Each step goes on from the position the bar is fed, which is the
  /// player's: it moves to a seek's target as the seek is sent and stays
  /// there until the engine got there (`PlaybackSession.pendingSeek`), so
  /// quick steps add up without the bar keeping targets of its own.
  func testQuickStepsGoOnFromThePlayersPosition() {
    var model = SeekBarModel(seekBarInput(chapterFour + 300))
    _ = played(&model) { $0.step(.forward) }
    _ = played(&model) { $0.step(.forward) }
    XCTAssertEqual(model.step(.forward), chapterFour + 315, "each step starts from the last target")
  }

  func testAPageForwardStopsAtTheChapterEndThenCarriesOn() {
    var model = SeekBarModel(seekBarInput(4500 - 30))
    XCTAssertEqual(played(&model) { $0.step(.pageForward) }, 4500)
    XCTAssertEqual(model.span?.chapter?.number, 5, "the chapter end is the next chapter's start")
    XCTAssertEqual(model.step(.pageForward), 4560)
  }

  func testAStepBackStopsAtTheChapterStartThenCarriesOn() {
    var model = SeekBarModel(seekBarInput(chapterFour + 3))
    XCTAssertEqual(played(&model) { $0.step(.backward) }, chapterFour)
    XCTAssertEqual(played(&model) { $0.step(.backward) }, chapterFour - 5)
    XCTAssertEqual(model.span?.chapter?.number, 3)
  }

  func testTheFirstSecondOfAChapterCountsAsItsStart() {
    var model = SeekBarModel(seekBarInput(chapterFour + 0.6))
    XCTAssertEqual(model.step(.pageBackward), chapterFour + 0.6 - 60)
  }

  func testAStepBackCannotPassThePreviousChapterStart() {
    let chapters = seekBarChapters([100, 20, 100])
    var model = SeekBarModel(seekBarInput(120, chapters: chapters, duration: 220))
    XCTAssertEqual(model.step(.pageBackward), 100, "stops at chapter 2's start, 20 s back")
  }

  func testAStepBackSkipsAZeroLengthChapterSharingTheStart() {
    let chapters = [
      SeekBarChapter(span: ChapterSpan(start: 0, end: 60), number: 1),
      SeekBarChapter(span: ChapterSpan(start: 60, end: 60), number: 2),
      SeekBarChapter(span: ChapterSpan(start: 60, end: 120), number: 3),
    ]
    var model = SeekBarModel(seekBarInput(60, chapters: chapters, duration: 120))
    XCTAssertEqual(model.step(.backward), 55)
    XCTAssertEqual(model.span?.chapter?.number, 1)
  }

  func testStepsStopAtTheBooksEnds() {
    var start = SeekBarModel(seekBarInput(2))
    XCTAssertEqual(start.step(.backward), 0)
    XCTAssertEqual(start.step(.pageBackward), 0)
    var end = SeekBarModel(seekBarInput(issueDuration - 2))
    XCTAssertEqual(end.step(.forward), issueDuration)
    XCTAssertEqual(end.step(.pageForward), issueDuration)
  }

  func testALastChapterEndingAfterTheKnownDurationStopsAtTheDuration() {
    var model = SeekBarModel(seekBarInput(50, chapters: seekBarChapters([100]), duration: 52))
    XCTAssertEqual(model.step(.pageForward), 52)
  }

  func testWithoutChaptersStepsRunOverTheWholeBook() {
    var model = SeekBarModel(seekBarInput(1000, chapters: [], duration: 7200))
    XCTAssertEqual(model.step(.pageForward), 1060)
    XCTAssertEqual(model.step(.chapterEnd), 7200)
  }

  func testNoStepsDuringADragOrWithNothingToSeekIn() {
    var dragging = SeekBarModel(seekBarInput(chapterFour + 300))
    dragging.beginDrag(at: 0)
    XCTAssertNil(dragging.step(.forward))
    var nothing = SeekBarModel(seekBarInput(10, chapters: [], duration: nil))
    XCTAssertNil(nothing.step(.forward))
  }

  func testAJumpSeeksToThatPlaceOfTheChapterAtOnce() {
    var model = SeekBarModel(seekBarInput(chapterFour + 300))
    XCTAssertEqual(played(&model) { $0.jump(toFraction: 0.5) }, chapterFour + 450)
    XCTAssertEqual(model.display.elapsedText, "7:30")
    XCTAssertEqual(model.jump(toFraction: 2), 4500, "clamped to the bar")
    model.beginDrag(at: 20)
    XCTAssertNil(model.jump(toFraction: 0.1), "not during a drag")
  }

  func testAtTwiceTheSpeedAStepIsStillContentSeconds() {
    var model = SeekBarModel(seekBarInput(chapterFour + 300, rate: 2))
    XCTAssertEqual(model.step(.forward), chapterFour + 305)
  }
}

/// The throttle on its own.
final class SeekBarThrottleTests: XCTestCase {
  func testTheFirstSeekWaitsOneIntervalFromTheStart() {
    var throttle = SeekThrottle(interval: 500, startedAt: 1000)
    XCTAssertNil(throttle.offer(1, at: 1499))
    XCTAssertEqual(throttle.dueAt, 1500)
    XCTAssertEqual(throttle.offer(2, at: 1500), 2)
  }

  func testOnlyTheLatestWaitingPositionIsSent() {
    var throttle = SeekThrottle(interval: 500, startedAt: 0)
    XCTAssertNil(throttle.offer(1, at: 100))
    XCTAssertNil(throttle.offer(2, at: 200))
    XCTAssertEqual(throttle.due(at: 500), 2)
    XCTAssertNil(throttle.due(at: 2000), "sent once")
  }

  func testReturningToTheLastSentPositionCancelsTheWait() {
    var throttle = SeekThrottle(interval: 500, startedAt: 0)
    XCTAssertEqual(throttle.offer(1, at: 600), 1)
    XCTAssertNil(throttle.offer(2, at: 700))
    XCTAssertNil(throttle.offer(1, at: 800))
    XCTAssertNil(throttle.dueAt)
    XCTAssertNil(throttle.due(at: 1200))
  }
}

/// A move as the player page makes it: the bar sends the seek, and the
/// player's position it is fed is the seek's target from then on.
private func played(_ model: inout SeekBarModel, _ move: (inout SeekBarModel) -> Double?) -> Double? {
  let target = move(&model)
  if let target { model.show(seekBarInput(target)) }
  return target
}
