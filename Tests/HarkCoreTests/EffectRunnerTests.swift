import Foundation
import XCTest
@testable import HarkCore

// Test methods are async: on Linux, XCTest aborts when it discovers a synchronous
// test method on a @MainActor class (it cannot cast the isolated function type).
@MainActor
final class EffectRunnerTests: XCTestCase {
  private var clock: ManualClock!
  private var persisted: [(SettingsKey, Double)] = []
  private var runner: EffectRunner!
  private var dispatched: [Action] = []

  override func setUp() async throws {
    clock = ManualClock(start: .epoch(1_000_000))
    persisted = []
    dispatched = []
    runner = EffectRunner(clock: clock) { [unowned self] key, value in
      self.persisted.append((key, value))
    }
  }

  private func run(_ effect: Effect) {
    runner.run(effect) { [unowned self] action in self.dispatched.append(action) }
  }

  private func fired(_ name: String, at seconds: Double) -> Action {
    .timer(.fired(TimerID(name), at: .epoch(1_000_000 + seconds)))
  }

  func testPersistSettingCallsTheHandler() async {
    run(.persistSetting(.defaultSpeed, 1.25))
    run(.persistSetting(.skipBackSeconds, 10))
    XCTAssertEqual(persisted.map(\.0), [.defaultSpeed, .skipBackSeconds])
    XCTAssertEqual(persisted.map(\.1), [1.25, 10])
    XCTAssertEqual(dispatched, [])
  }

  func testOneShotFiresAtExactlyTheDeadlineStampedWithClockNow() async {
    run(.startTimer(TimerID("stall"), after: .seconds(3), repeating: false))
    clock.advance(by: .milliseconds(2999))
    XCTAssertEqual(dispatched, [], "not 1 ms early")
    clock.advance(by: .milliseconds(1))
    XCTAssertEqual(dispatched, [fired("stall", at: 3)])
    clock.advance(by: .seconds(30))
    XCTAssertEqual(dispatched, [fired("stall", at: 3)])
  }

  func testRepeatingFiresEveryIntervalUntilCancelled() async {
    run(.startTimer(TimerID("autosave"), after: .seconds(15), repeating: true))
    clock.advance(by: .seconds(45))
    XCTAssertEqual(
      dispatched, [fired("autosave", at: 15), fired("autosave", at: 30), fired("autosave", at: 45)])
    run(.cancelTimer(TimerID("autosave")))
    clock.advance(by: .seconds(60))
    XCTAssertEqual(dispatched.count, 3)
    XCTAssertEqual(clock.pendingTimerCount, 0)
  }

  func testCancelBeforeFiringStopsIt() async {
    run(.startTimer(TimerID("sleep"), after: .seconds(1), repeating: false))
    run(.cancelTimer(TimerID("sleep")))
    run(.cancelTimer(TimerID("never-started")))  // harmless
    clock.advance(by: .seconds(5))
    XCTAssertEqual(dispatched, [])
    XCTAssertEqual(clock.pendingTimerCount, 0)
  }

  func testStartingARunningIdReplacesIt() async {
    run(.startTimer(TimerID("stall"), after: .seconds(3), repeating: false))
    clock.advance(by: .seconds(2))
    run(.startTimer(TimerID("stall"), after: .seconds(3), repeating: false))
    XCTAssertEqual(clock.pendingTimerCount, 1)
    clock.advance(by: .seconds(2))
    XCTAssertEqual(dispatched, [], "the first deadline (3 s) was replaced")
    clock.advance(by: .seconds(1))
    XCTAssertEqual(dispatched, [fired("stall", at: 5)])
  }

  func testOtherIdsAreIndependent() async {
    run(.startTimer(TimerID("a"), after: .seconds(1), repeating: false))
    run(.startTimer(TimerID("b"), after: .seconds(2), repeating: false))
    run(.cancelTimer(TimerID("a")))
    clock.advance(by: .seconds(2))
    XCTAssertEqual(dispatched, [fired("b", at: 2)])
  }

  func testTimerStartedFromAFiringTimerFiresWithinTheSameAdvance() async {
    runner.run(.startTimer(TimerID("first"), after: .seconds(1), repeating: false)) {
      [unowned self] action in
      self.dispatched.append(action)
      self.run(.startTimer(TimerID("second"), after: .seconds(2), repeating: false))
    }
    clock.advance(by: .seconds(3))
    XCTAssertEqual(dispatched, [fired("first", at: 1), fired("second", at: 3)])
  }

  func testOneShotRestartedFromItsOwnFiringCanStillBeCancelled() async {
    // The finished timer must not forget the replacement started under its id.
    runner.run(.startTimer(TimerID("stall"), after: .seconds(1), repeating: false)) {
      [unowned self] action in
      self.dispatched.append(action)
      self.run(.startTimer(TimerID("stall"), after: .seconds(5), repeating: false))
    }
    clock.advance(by: .seconds(1))
    XCTAssertEqual(clock.pendingTimerCount, 1)
    run(.cancelTimer(TimerID("stall")))
    XCTAssertEqual(clock.pendingTimerCount, 0)
    clock.advance(by: .seconds(10))
    XCTAssertEqual(dispatched, [fired("stall", at: 1)])
  }

  func testStoreReceivesTimerActionsThroughTheRunner() async {
    // A test reducer that starts a timer on the next-page request and logs what
    // fires; the real reducer starts no timers yet.
    var log: [Action] = []
    let store = Store(
      reducer: { _, action in
        if case .timer = action { log.append(action) }
        guard action == .ui(.nextPageRequested) else { return [] }
        return [.startTimer(TimerID("tick"), after: .seconds(1), repeating: true)]
      },
      effects: runner)
    store.dispatch(.ui(.nextPageRequested))
    clock.advance(by: .milliseconds(2500))
    XCTAssertEqual(log, [fired("tick", at: 1), fired("tick", at: 2)])
  }
}
