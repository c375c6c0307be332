import Foundation
import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §6.10 scenarios 7–15: state normalization, the stall
/// watchdog and the error hold, in virtual time.
@MainActor
final class SessionWatchdogTests: XCTestCase {
  /// Playing at 50, then buffering that never ends: an error after 3 s.
  private func stalled() -> PlaybackHarness {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 50)
    player.engine(.loading, at: 50)
    player.advance(3)
    return player
  }

  // 7
  func testBufferingThatDoesNotEndIsAStallAfterThreeSeconds() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 50)
    player.engine(.loading, at: 50)
    player.advance(2.9)
    XCTAssertEqual(player.state, .loading)
    player.advance(0.1)
    XCTAssertEqual(player.state, .error)
    XCTAssertEqual(player.session.failure, .stalled)
    XCTAssertEqual(player.saves.map(\.position), [50])
    player.advance(60)
    XCTAssertEqual(player.saves.count, 1)
    XCTAssertTrue(player.commands.contains(.showError(.stalled)))
  }

  // 8
  func testPlayingAgainWithinTheGraceIsNotAStall() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 30)
    player.engine(.loading, at: 30)
    player.advance(2)
    player.engine(.playing, at: 31)
    player.advance(5)
    XCTAssertEqual(player.state, .playing)
    XCTAssertFalse(player.isRunning(.stallWatchdog))
  }

  // 9
  func testAParkedEngineBufferingStaysPaused() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 30)
    player.engine(.paused, at: 30)
    player.engine(.loading, at: 30)
    player.advance(10)
    XCTAssertEqual(player.state, .paused)
  }

  // 10
  func testReadyDuringStartupIsStillLoadingThenAStall() async {
    let player = PlaybackHarness.started()
    player.engine(.ready, at: 50)
    XCTAssertEqual(player.state, .loading)
    player.advance(3)
    XCTAssertEqual(player.state, .error)
  }

  // 11
  func testAPauseDuringStartupIsNotAPause() async {
    let player = PlaybackHarness.started()
    player.engine(.paused, at: 50)
    XCTAssertEqual(player.state, .loading)
    player.advance(3)
    XCTAssertEqual(player.state, .error)
  }

  func testTheGraceStartsWithTheAttemptNotTheFirstReport() async {
    let player = PlaybackHarness.started()
    player.advance(2)
    player.engine(.loading, at: 0)
    player.advance(1)
    XCTAssertEqual(player.state, .error, "repeated loading does not push the verdict back")
  }

  // 12
  func testARealPauseStaysPaused() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 30)
    player.engine(.paused, at: 30)
    XCTAssertEqual(player.state, .paused)
    player.advance(10)
    XCTAssertEqual(player.state, .paused)
  }

  // 13
  func testTheErrorHoldsAgainstEveryReportButPlaying() async {
    let player = stalled()
    player.clearRecord()
    for state in [EngineState.loading, .idle, .paused, .loading, .ended] {
      player.engine(state, at: 50)
      XCTAssertEqual(player.state, .error, "\(state)")
    }
    player.advance(10)
    XCTAssertEqual(player.state, .error)
    XCTAssertEqual(player.commands, [], "no saves, no new watchdog")
  }

  // 14
  func testRealPlayingClearsTheError() async {
    let player = stalled()
    player.engine(.playing, at: 50)
    XCTAssertEqual(player.state, .playing)
    XCTAssertNil(player.session.failure)
  }

  // 15
  func testARetryThatStallsIsAnErrorAgain() async {
    let player = stalled()
    player.send(.retry)
    player.engine(.loading, at: 40)
    XCTAssertEqual(player.state, .loading)
    player.advance(3)
    XCTAssertEqual(player.state, .error)
  }

  func testAWatchdogFiringAfterItWasCancelledIsIgnored() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 10)
    player.engine(.paused, at: 10)
    player.send(.timerFired(.stallWatchdog))
    XCTAssertEqual(player.state, .paused)
  }
}
