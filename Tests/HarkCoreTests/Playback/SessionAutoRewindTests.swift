import Foundation
import XCTest

@testable import HarkCore

/// Auto-rewind (not in the reference, which has none: its rules keep the
/// limit at 0): playing again after a pause goes back by up to the
/// listener's setting, more the longer the pause was.
@MainActor
final class SessionAutoRewindTests: XCTestCase {
  private func rules(limit: Double) -> PlaybackRules {
    var rules = PlaybackRules()
    rules.autoRewindLimit = limit
    return rules
  }

  func testTheRewindGrowsWithThePauseUpToTheLimit() async {
    let rules = rules(limit: 10)
    XCTAssertEqual(rules.autoRewind(afterPause: 0), 0)
    XCTAssertEqual(rules.autoRewind(afterPause: 2.9), 0, "a moment's pause is a toggle, not a lost thread")
    XCTAssertEqual(rules.autoRewind(afterPause: 60), 4.22, accuracy: 0.01)
    XCTAssertEqual(rules.autoRewind(afterPause: 600), 7.47, accuracy: 0.01)
    XCTAssertEqual(rules.autoRewind(afterPause: 3600), 10, accuracy: 0.0001)
    XCTAssertEqual(rules.autoRewind(afterPause: 86_400 * 30), 10, "never more than the setting")
    let steps = [3.0, 10, 30, 120, 900, 3000].map { rules.autoRewind(afterPause: $0) }
    XCTAssertEqual(steps, steps.sorted(), "a longer pause never rewinds less")
    XCTAssertEqual(PlaybackRules().autoRewind(afterPause: 3600), 0, "off unless the app sets a limit")
    XCTAssertEqual(self.rules(limit: 10).autoRewind(afterPause: .infinity), 0)
  }

  private func playingAt50(limit: Double = 10) -> PlaybackHarness {
    let player = PlaybackHarness(PlaybackSession(rules: rules(limit: limit)))
    player.send(.play(PlaybackFixture.request(at: 50)))
    player.engine(.playing, at: 50)
    player.clearRecord()
    return player
  }

  /// The listener pauses at `position`, and the engine says so.
  private func pause(_ player: PlaybackHarness, at position: Double) {
    player.send(.pause)
    player.engine(.paused, at: position)
  }

  /// Play again `seconds` later; what the engine was told.
  private func resume(_ player: PlaybackHarness, after seconds: Double) -> [EngineCommand] {
    player.advance(seconds)
    player.clearRecord()
    player.send(.toggle)
    return player.engineCommands
  }

  func testPlayingAgainAfterTenMinutesGoesBackAndSavesThere() async {
    let player = playingAt50()
    pause(player, at: 50)
    let commands = resume(player, after: 600)
    guard case .seek(0, let position, _)? = commands.first else {
      return XCTFail("no seek before playing: \(player.engineCommands)")
    }
    XCTAssertEqual(position, 50 - 7.47, accuracy: 0.01)
    XCTAssertEqual(player.engineCommands.last, .play)
    XCTAssertEqual(player.saves.last?.position ?? 0, 42.53, accuracy: 0.01, "the floor came down with it")
  }

  func testAQuickToggleDoesNotRewind() async {
    let player = playingAt50()
    pause(player, at: 50)
    XCTAssertEqual(resume(player, after: 1), [.play])
  }

  func testOnlyOnePlayAfterAPauseRewinds() async {
    let player = playingAt50()
    pause(player, at: 50)
    _ = resume(player, after: 3600)
    player.engine(.playing, at: 40)
    player.clearRecord()
    player.send(.toggle)  // paused again at once
    player.engine(.paused, at: 40)
    player.send(.toggle)
    XCTAssertEqual(player.engineCommands, [.pause, .play])
  }

  func testTheSleepTimersPauseCountsAsAPause() async {
    let player = playingAt50()
    player.send(.startSleepTimer(.minutes(1)))
    player.advance(61)
    XCTAssertFalse(player.session.wantsPlayback, "the sleep timer paused")
    player.engine(.paused, at: 110)
    guard case .seek(0, let position, _)? = resume(player, after: 3600).first else {
      return XCTFail("no seek before playing: \(player.engineCommands)")
    }
    XCTAssertEqual(position, 100, accuracy: 0.01)
  }

  func testResumingASavedPlaceGoesBackByHowOldItIs() async {
    let player = PlaybackHarness(PlaybackSession(rules: rules(limit: 10)))
    player.advance(3600)  // the save (at `start`) is an hour old
    player.lookupAnswers = [PlaybackFixture.progress(30)]
    player.send(.play(PlaybackFixture.request(at: nil)))
    XCTAssertEqual(player.loads.map(\.position), [20])
  }

  func testAGivenStartPositionIsNotRewound() async {
    let player = PlaybackHarness(PlaybackSession(rules: rules(limit: 10)))
    player.advance(3600)
    player.send(.play(PlaybackFixture.request(at: 30)))
    XCTAssertEqual(player.loads.map(\.position), [30], "a bookmark or chapter start is exact")
  }

  func testARewindNeverGoesBeforeTheStart() async {
    let player = PlaybackHarness(PlaybackSession(rules: rules(limit: 30)))
    player.send(.play(PlaybackFixture.request(at: 4)))
    player.engine(.playing, at: 4)
    pause(player, at: 4)
    let commands = resume(player, after: 3600)
    XCTAssertEqual(commands.first, .seek(trackIndex: 0, position: 0, seekID: player.session.lastSeekID))
  }
}
