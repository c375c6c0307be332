import Foundation
import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §3, driven by 1 s ticks in virtual time, plus Hark's
/// fade-out (not in the reference). The reference tests use no fade, so
/// those here set `fadeOutSeconds` to 0.
final class SleepTimerTests: XCTestCase {
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  private func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

  /// Ticks once a second from `from` (exclusive) to `to` (inclusive) and
  /// returns the outputs of each tick, keyed by its second.
  private func tick(
    _ timer: inout SleepTimer, from: Int, to: Int, playhead: (Int) -> SleepTimer.Playhead? = { _ in nil }
  ) -> [Int: [SleepTimerOutput]] {
    var outputs: [Int: [SleepTimerOutput]] = [:]
    for second in (from + 1)...to {
      let out = timer.tick(now: at(Double(second)), playhead: playhead(second))
      if !out.isEmpty { outputs[second] = out }
    }
    return outputs
  }

  func testMinutesSetsADeadlineAndTheCountdown() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    XCTAssertEqual(timer.start(minutes: 15, now: t0), [])
    XCTAssertTrue(timer.isActive)
    XCTAssertEqual(timer.label, .minutes(15))
    XCTAssertEqual(timer.endsAt, at(900))
    XCTAssertNil(timer.pauseAtPosition)
    XCTAssertEqual(timer.remaining, 900)
  }

  func testAOneMinuteTimerPausesAtSixtySecondsNotBefore() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(minutes: 1, now: t0)
    XCTAssertEqual(tick(&timer, from: 0, to: 59), [:])
    XCTAssertEqual(timer.remaining, 1)
    XCTAssertEqual(timer.tick(now: at(60), playhead: nil), [.pausePlayback])
    XCTAssertFalse(timer.isActive)
    XCTAssertNil(timer.endsAt)
    XCTAssertEqual(timer.tick(now: at(61), playhead: nil), [], "it pauses once")
  }

  func testUntilPositionDoesNothingWithNothingPlaying() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    XCTAssertEqual(timer.start(untilPosition: 300, label: .endOfChapter(2), playhead: nil), [])
    XCTAssertFalse(timer.isActive)
  }

  func testUntilPositionCountsInListeningTime() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    let out = timer.start(
      untilPosition: 300, label: .endOfChapter(2), playhead: .init(bookPosition: 100, rate: 1.5))
    XCTAssertEqual(out, [])
    XCTAssertTrue(timer.isActive)
    XCTAssertEqual(timer.label, .endOfChapter(2))
    XCTAssertNil(timer.endsAt)
    XCTAssertEqual(timer.pauseAtPosition, 300)
    XCTAssertEqual(timer.remaining, 133, "200 s of audio at 1.5× is 133.3 s")
  }

  func testThePositionModePausesByPositionOnly() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(untilPosition: 300, label: .endOfBook, playhead: .init(bookPosition: 290, rate: 2))
    XCTAssertEqual(timer.remaining, 5)
    XCTAssertEqual(timer.tick(now: at(5), playhead: .init(bookPosition: 299.5, rate: 2)), [])
    XCTAssertEqual(timer.remaining, 0, "the countdown shows 0 yet the position is not reached")
    XCTAssertEqual(timer.tick(now: at(6), playhead: .init(bookPosition: 300, rate: 2)), [.pausePlayback])
    XCTAssertFalse(timer.isActive)
  }

  func testExtendAddsToAFutureDeadline() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(minutes: 10, now: t0)
    XCTAssertEqual(timer.extend(minutes: 5, now: at(120)), [])
    XCTAssertEqual(timer.endsAt, at(900))
    XCTAssertEqual(timer.label, .minutes(13))
    XCTAssertEqual(timer.remaining, 780)
    XCTAssertTrue(timer.isActive)
  }

  func testExtendAfterTheTimerFiredStartsFromNow() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(minutes: 1, now: t0)
    _ = tick(&timer, from: 0, to: 60)
    XCTAssertFalse(timer.isActive)
    _ = timer.extend(minutes: 5, now: at(100))
    XCTAssertEqual(timer.endsAt, at(400))
    XCTAssertEqual(timer.label, .minutes(5))
    XCTAssertEqual(timer.remaining, 300)
  }

  func testExtendTurnsThePositionModeIntoADeadline() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(untilPosition: 300, label: .endOfBook, playhead: .init(bookPosition: 0, rate: 1))
    _ = timer.extend(minutes: 2, now: t0)
    XCTAssertNil(timer.pauseAtPosition)
    XCTAssertEqual(timer.endsAt, at(120))
  }

  func testCancelClearsEverything() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(minutes: 10, now: t0)
    XCTAssertEqual(timer.cancel(), [])
    XCTAssertEqual(timer, SleepTimer(fadeOutSeconds: 0))
    XCTAssertEqual(timer.tick(now: at(600), playhead: nil), [])
  }

  /// The desktop notification's news: only the timer's own pause counts,
  /// not a cancel or a timer still running.
  func testEndingsCountTheTimersOwnPausesOnly() {
    var timer = SleepTimer(fadeOutSeconds: 0)
    _ = timer.start(minutes: 1, now: t0)
    _ = tick(&timer, from: 0, to: 59)
    XCTAssertEqual(timer.endings, 0)
    _ = timer.tick(now: at(60), playhead: nil)
    XCTAssertEqual(timer.endings, 1)
    _ = timer.start(minutes: 1, now: at(100))
    _ = timer.cancel()
    XCTAssertEqual(timer.endings, 1)
    _ = timer.start(untilPosition: 30, label: .endOfBook, playhead: .init(bookPosition: 10, rate: 1))
    _ = timer.tick(now: at(130), playhead: .init(bookPosition: 30, rate: 1))
    XCTAssertEqual(timer.endings, 2)
  }

  func testTheFadeRampsDownOverTheLastSecondsThenRestoresAfterThePause() {
    var timer = SleepTimer(fadeOutSeconds: 4)
    _ = timer.start(minutes: 1, now: t0)
    let outputs = tick(&timer, from: 0, to: 60)
    XCTAssertEqual(
      outputs,
      [
        57: [.setVolume(0.75)], 58: [.setVolume(0.5)], 59: [.setVolume(0.25)],
        60: [.pausePlayback, .setVolume(1)],
      ])
  }

  func testCancellingDuringTheFadeRestoresTheVolume() {
    var timer = SleepTimer(fadeOutSeconds: 10)
    _ = timer.start(minutes: 1, now: t0)
    _ = tick(&timer, from: 0, to: 55)
    XCTAssertEqual(timer.volume, 0.5)
    XCTAssertEqual(timer.cancel(), [.setVolume(1)])
  }

  func testExtendingDuringTheFadeRestoresTheVolume() {
    var timer = SleepTimer(fadeOutSeconds: 10)
    _ = timer.start(minutes: 1, now: t0)
    _ = tick(&timer, from: 0, to: 55)
    XCTAssertEqual(timer.extend(minutes: 5, now: at(55)), [.setVolume(1)])
  }

  func testThePositionModeFadesInListeningTime() {
    var timer = SleepTimer(fadeOutSeconds: 10)
    _ = timer.start(untilPosition: 100, label: .endOfBook, playhead: .init(bookPosition: 0, rate: 2))
    XCTAssertEqual(timer.tick(now: at(1), playhead: .init(bookPosition: 90, rate: 2)), [.setVolume(0.5)])
  }
}
