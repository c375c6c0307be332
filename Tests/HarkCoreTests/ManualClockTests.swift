import Foundation
import XCTest
@testable import HarkCore

// Test methods are async: on Linux, XCTest aborts when it discovers a synchronous
// test method on a @MainActor class (it cannot cast the isolated function type).
@MainActor
final class ManualClockTests: XCTestCase {
  func testStartsAtTheGivenTimeAndAdvancesExactly() async {
    let clock = ManualClock(start: .epoch(1000))
    XCTAssertEqual(clock.now, .epoch(1000))
    clock.advance(by: .milliseconds(1500))
    XCTAssertEqual(clock.now, .epoch(1001.5))
    XCTAssertEqual(ManualClock().now, .epoch(0))
  }

  func testOneShotFiresAtTheDeadlineNotBefore() async {
    let clock = ManualClock()
    var firedAt: [Date] = []
    _ = clock.schedule(after: .seconds(5), repeating: false) { firedAt.append(clock.now) }
    clock.advance(by: .milliseconds(4999))
    XCTAssertEqual(firedAt, [])
    XCTAssertEqual(clock.pendingTimerCount, 1)
    clock.advance(by: .milliseconds(1))
    XCTAssertEqual(firedAt, [.epoch(5)])
    XCTAssertEqual(clock.pendingTimerCount, 0)
    clock.advance(by: .seconds(60))
    XCTAssertEqual(firedAt, [.epoch(5)], "a one-shot fires once")
  }

  func testNowIsTheDeadlineWhileFiringThenTheEndOfTheWindow() async {
    let clock = ManualClock()
    var firedAt: [Date] = []
    _ = clock.schedule(after: .seconds(2), repeating: false) { firedAt.append(clock.now) }
    clock.advance(by: .seconds(7))
    XCTAssertEqual(firedAt, [.epoch(2)])
    XCTAssertEqual(clock.now, .epoch(7))
  }

  func testRepeatingFiresOncePerIntervalWithoutDrift() async {
    let clock = ManualClock()
    var firedAt: [Date] = []
    let timer = clock.schedule(after: .milliseconds(100), repeating: true) {
      firedAt.append(clock.now)
    }
    clock.advance(by: .seconds(1))
    XCTAssertEqual(firedAt.count, 10)
    XCTAssertEqual(firedAt.last, .epoch(1), "ten 0.1 s steps land exactly on 1 s")
    XCTAssertEqual(clock.pendingTimerCount, 1)
    timer.cancel()
    clock.advance(by: .seconds(1))
    XCTAssertEqual(firedAt.count, 10)
    XCTAssertEqual(clock.pendingTimerCount, 0)
  }

  func testCancelledTimerNeverFires() async {
    let clock = ManualClock()
    var fired = false
    let timer = clock.schedule(after: .seconds(1), repeating: false) { fired = true }
    timer.cancel()
    timer.cancel()  // harmless twice
    clock.advance(by: .seconds(5))
    XCTAssertFalse(fired)
  }

  func testFiresInDeadlineOrderAndTiesInSchedulingOrder() async {
    let clock = ManualClock()
    var order: [String] = []
    _ = clock.schedule(after: .seconds(3), repeating: false) { order.append("c") }
    _ = clock.schedule(after: .seconds(1), repeating: false) { order.append("a1") }
    _ = clock.schedule(after: .seconds(1), repeating: false) { order.append("a2") }
    _ = clock.schedule(after: .seconds(2), repeating: false) { order.append("b") }
    clock.advance(by: .seconds(3))
    XCTAssertEqual(order, ["a1", "a2", "b", "c"])
  }

  func testTimerScheduledWhileFiringFiresInTheSameAdvanceIfWithinTheWindow() async {
    let clock = ManualClock()
    var firedAt: [String: Date] = [:]
    _ = clock.schedule(after: .seconds(1), repeating: false) {
      firedAt["first"] = clock.now
      _ = clock.schedule(after: .seconds(2), repeating: false) { firedAt["inside"] = clock.now }
      _ = clock.schedule(after: .seconds(10), repeating: false) { firedAt["beyond"] = clock.now }
    }
    clock.advance(by: .seconds(5))
    XCTAssertEqual(firedAt, ["first": .epoch(1), "inside": .epoch(3)])
    XCTAssertEqual(clock.pendingTimerCount, 1)
  }

  func testTimerCancelledByAnEarlierTimerAtTheSameInstantDoesNotFire() async {
    let clock = ManualClock()
    var later: (any ScheduledTimer)?
    var laterFired = false
    _ = clock.schedule(after: .seconds(1), repeating: false) { later?.cancel() }
    later = clock.schedule(after: .seconds(1), repeating: false) { laterFired = true }
    clock.advance(by: .seconds(1))
    XCTAssertFalse(laterFired)
  }

  func testRepeatingTimerCanCancelItselfWhileFiring() async {
    let clock = ManualClock()
    var count = 0
    var timer: (any ScheduledTimer)?
    timer = clock.schedule(after: .seconds(1), repeating: true) {
      count += 1
      if count == 3 { timer?.cancel() }
    }
    clock.advance(by: .seconds(10))
    XCTAssertEqual(count, 3)
    XCTAssertEqual(clock.pendingTimerCount, 0)
  }
}
