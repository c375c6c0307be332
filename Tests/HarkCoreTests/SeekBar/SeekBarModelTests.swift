import HarkCore
import XCTest

/// Chapters of `lengths` seconds laid end to end from 0.
func seekBarChapters(_ lengths: [Double], titles: [String] = []) -> [SeekBarChapter] {
  var start = 0.0
  return lengths.enumerated().map { index, length in
    defer { start += length }
    return SeekBarChapter(
      span: ChapterSpan(start: start, end: start + length), number: index + 1,
      title: index < titles.count ? titles[index] : "")
  }
}

/// A 9:41:00 book whose chapter 4 runs 1:00:00–1:15:00 (15 minutes), as in
/// issue 5's examples.
let issueChapters = seekBarChapters([1200, 1200, 1200, 900, 900, 29_460])
let issueDuration = 34_860.0

func seekBarInput(
  _ position: Double, chapters: [SeekBarChapter] = issueChapters, duration: Double? = issueDuration,
  rate: Double = 1
) -> SeekBarInput {
  SeekBarInput(chapters: chapters, position: position, duration: duration, rate: rate)
}

/// What the bar spans and shows for a position (issue 5).
final class SeekBarModelTests: XCTestCase {
  func testTheBarSpansTheChapterPlaying() {
    let model = SeekBarModel(seekBarInput(3600 + 192))
    XCTAssertEqual(model.span?.start, 3600)
    XCTAssertEqual(model.span?.end, 4500)
    XCTAssertEqual(model.span?.chapter?.number, 4)
    let display = model.display
    XCTAssertTrue(display.isSeekable)
    XCTAssertEqual(display.length, 900)
    XCTAssertEqual(display.elapsed, 192)
    XCTAssertEqual(display.fraction, 192.0 / 900, accuracy: 1e-9)
    XCTAssertEqual(display.elapsedText, "3:12")
    XCTAssertEqual(display.remainingText, "\u{2212}11:48")
    XCTAssertEqual(display.valueText, "3:12 of 15:00")
  }

  func testElapsedAndRemainingAddUpAtNormalSpeed() {
    let display = SeekBarModel(seekBarInput(3600 + 192.4)).display
    XCTAssertEqual(display.elapsedText, "3:12", "elapsed rounds down")
    XCTAssertEqual(display.remainingText, "\u{2212}11:48", "remaining rounds up: 707.6 s is 11:48")
  }

  func testRemainingIsListeningTimeAtTheRate() {
    let display = SeekBarModel(seekBarInput(3600 + 192, rate: 2)).display
    XCTAssertEqual(display.elapsedText, "3:12", "elapsed stays content time")
    XCTAssertEqual(display.remainingText, "\u{2212}5:54", "708 s of content take 354 s at 2×")
    XCTAssertEqual(display.valueText, "3:12 of 15:00")
    let unknownRate = SeekBarModel(seekBarInput(3600 + 192, rate: 0)).display
    XCTAssertEqual(unknownRate.remainingText, "\u{2212}11:48", "a rate not known yet counts as 1×")
  }

  func testAtAChapterStartTheBarIsAtTheStartOfThatChapter() {
    let model = SeekBarModel(seekBarInput(3600))
    XCTAssertEqual(model.span?.chapter?.number, 4)
    XCTAssertEqual(model.display.fraction, 0)
    XCTAssertEqual(model.display.remainingText, "\u{2212}15:00")
  }

  func testAZeroLengthChapterIsSkippedForTheOneStartingWithIt() {
    let chapters = [
      SeekBarChapter(span: ChapterSpan(start: 0, end: 60), number: 1),
      SeekBarChapter(span: ChapterSpan(start: 60, end: 60), number: 2),
      SeekBarChapter(span: ChapterSpan(start: 60, end: 120), number: 3),
    ]
    let model = SeekBarModel(seekBarInput(60, chapters: chapters, duration: 120))
    XCTAssertEqual(model.span?.chapter?.number, 3)
  }

  func testAZeroLengthLastChapterShowsNoNaN() {
    let chapters = [
      SeekBarChapter(span: ChapterSpan(start: 0, end: 60), number: 1),
      SeekBarChapter(span: ChapterSpan(start: 60, end: 60), number: 2),
    ]
    let display = SeekBarModel(seekBarInput(60, chapters: chapters, duration: 60)).display
    XCTAssertEqual(display.length, 0)
    XCTAssertEqual(display.fraction, 0)
    XCTAssertEqual(display.elapsedText, "0:00")
    XCTAssertEqual(display.remainingText, "\u{2212}0:00")
  }

  func testAPositionPastTheEndHoldsTheBarFullInTheLastChapter() {
    let model = SeekBarModel(seekBarInput(issueDuration + 500))
    XCTAssertEqual(model.span?.chapter?.number, 6)
    XCTAssertEqual(model.display.fraction, 1)
    XCTAssertEqual(model.display.remainingText, "\u{2212}0:00")
    XCTAssertEqual(model.shownPosition, issueDuration, "clamped to the book's end")
  }

  func testAPositionBeforeTheFirstChapterHoldsTheBarAtZero() {
    let chapters = [SeekBarChapter(span: ChapterSpan(start: 30, end: 90), number: 1)]
    let model = SeekBarModel(seekBarInput(10, chapters: chapters, duration: 90))
    XCTAssertEqual(model.span?.chapter?.number, 1)
    XCTAssertEqual(model.display.fraction, 0)
    XCTAssertEqual(model.display.elapsedText, "0:00")
  }

  func testABookWithoutChaptersIsOneSpan() {
    let model = SeekBarModel(seekBarInput(1800, chapters: [], duration: 7200))
    XCTAssertEqual(model.span, SeekBarSpan(start: 0, end: 7200))
    XCTAssertEqual(model.display.fraction, 0.25)
    XCTAssertEqual(model.display.valueText, "30:00 of 2:00:00")
  }

  func testWithoutChaptersOrADurationThereIsNothingToSeekIn() {
    for duration in [nil, 0, -5, .nan] as [Double?] {
      let model = SeekBarModel(seekBarInput(75, chapters: [], duration: duration))
      XCTAssertNil(model.span)
      XCTAssertFalse(model.display.isSeekable)
      XCTAssertEqual(model.display.fraction, 0)
      XCTAssertEqual(model.display.elapsedText, "1:15", "still says how far playback has got")
      XCTAssertEqual(model.display.remainingText, "")
    }
  }

  func testChaptersWithAnUnknownDurationStillWork() {
    let model = SeekBarModel(seekBarInput(3700, duration: nil))
    XCTAssertEqual(model.span?.chapter?.number, 4)
    XCTAssertEqual(model.display.elapsedText, "1:40")
  }

  func testABadPositionShowsTheStart() {
    let model = SeekBarModel(seekBarInput(.nan))
    XCTAssertEqual(model.shownPosition, 0)
    XCTAssertEqual(model.span?.chapter?.number, 1)
  }

  func testTheQueueGivesNumberedChapters() {
    let queue = BookQueue(
      tracks: [], offsets: [0], total: 100,
      chapters: [
        Chapter(index: 0, title: "Opening", filePath: "a", start: 0, end: 40, bookOffset: 0),
        Chapter(index: 1, title: "Close", filePath: "a", start: 40, end: 100, bookOffset: 40),
      ])
    XCTAssertEqual(
      queue.timeline.seekBarChapters,
      [
        SeekBarChapter(span: ChapterSpan(start: 0, end: 40), number: 1, title: "Opening"),
        SeekBarChapter(span: ChapterSpan(start: 40, end: 100), number: 2, title: "Close"),
      ])
  }
}
