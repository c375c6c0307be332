import Foundation
import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §6.10 scenarios 16–20: speed and retry.
@MainActor
final class SessionRetryTests: XCTestCase {
  // 16–18
  func testTheSpeedIsClamped() async {
    let player = PlaybackHarness.started()
    for (asked, got) in [(5.0, 2.0), (0.1, 0.5), (1.5, 1.5)] {
      player.send(.setRate(asked))
      XCTAssertEqual(player.session.rate, got)
    }
    XCTAssertEqual(
      player.engineCommands.filter { if case .setRate = $0 { true } else { false } },
      [.setRate(2), .setRate(0.5), .setRate(1.5)])
  }

  func testTheAppCanAllowHarksWiderSpeedRange() async {
    var rules = PlaybackRules()
    rules.rateRange = Settings.defaultSpeedRange
    var session = PlaybackSession(rules: rules)
    _ = session.reduce(.setRate(5), now: PlaybackFixture.start)
    XCTAssertEqual(session.rate, 3, "Hark's settings offer up to 3×; the reference's 2× is the default")
  }

  func testASpeedChangeIsSavedWithTheBook() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 30)
    player.send(.setRate(1.75))
    XCTAssertEqual(player.saves.last?.playbackSpeed, 1.75)
  }

  // 19
  func testRetryReloadsWhereTheListenerWas() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 42)
    player.engine(.error, at: 42)
    player.clearRecord()
    player.send(.retry)
    XCTAssertEqual(player.loads.map(\.index), [0])
    XCTAssertEqual(player.loads.map(\.position), [42])
    XCTAssertEqual(player.engineCommands.filter { $0 == .play }.count, 1)
    XCTAssertEqual(player.state, .loading)
    XCTAssertTrue(player.isRunning(.stallWatchdog), "retry re-arms the watchdog")
  }

  // 20
  func testRetryWithNothingLoadedDoesNothing() async {
    let player = PlaybackHarness()
    player.send(.retry)
    XCTAssertEqual(player.commands, [])
  }

  func testRetryNeverGoesBelowTheResumePoint() async {
    let player = PlaybackHarness.started(PlaybackFixture.request(at: 70))
    player.engine(.error, at: 3)
    player.clearRecord()
    player.send(.retry)
    XCTAssertEqual(player.loads.map(\.position), [70])
  }

  func testThePlayButtonInTheErrorStateRetries() async {
    // The reference plays; a failed pipeline needs a reload, so Hark retries.
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 42)
    player.engine(.error, at: 42)
    player.clearRecord()
    player.send(.toggle)
    XCTAssertEqual(player.loads.map(\.position), [42])
  }

  func testToggleAndPause() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 10)
    player.clearRecord()
    player.send(.toggle)
    XCTAssertEqual(player.engineCommands, [.pause])
    player.engine(.paused, at: 10)
    player.clearRecord()
    player.send(.toggle)
    XCTAssertEqual(player.engineCommands, [.play])
    XCTAssertTrue(player.isRunning(.stallWatchdog))
    player.clearRecord()
    player.send(.pause)
    XCTAssertEqual(
      player.engineCommands, [.pause],
      "a pause right after Play, before the engine reported, still pauses (the reference looks at the stored state only)")
    XCTAssertFalse(player.isRunning(.stallWatchdog))
    player.engine(.paused, at: 10)
    player.clearRecord()
    player.send(.pause)
    XCTAssertEqual(player.engineCommands, [], "nothing to pause")
  }

  func testTappingTheSpinnerCancelsTheAttempt() async {
    let player = PlaybackHarness.started()
    player.send(.toggle)
    XCTAssertEqual(player.engineCommands.last, .pause)
    player.advance(10)
    XCTAssertNotEqual(player.state, .error)
  }

  func testToggleWithNothingLoadedDoesNothing() async {
    // The reference would start an attempt that could only stall.
    let player = PlaybackHarness()
    player.send(.toggle)
    XCTAssertEqual(player.commands, [])
  }
}
