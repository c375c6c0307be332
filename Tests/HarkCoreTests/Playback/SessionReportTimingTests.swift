import Foundation
import XCTest

@testable import HarkCore

/// While a book plays, the engine's reports (about one a second) wake the
/// app anyway: the autosave and the sleep timer's countdown ride on them
/// instead of waking it again on timers of their own at another phase
/// (issue 17). Their timers stay for when no report comes, and a minutes
/// sleep timer keeps one timer for its exact end.
@MainActor
final class SessionReportTimingTests: XCTestCase {
  /// Plays from `from` with a report every `period` seconds, starting
  /// `phase` seconds after the clock's current time, until `until`
  /// seconds of play; the position moves with the clock at `rate`.
  private func reportWhilePlaying(
    _ player: PlaybackHarness, from position: Double, phase: Double = 0, period: Double = 1, rate: Double = 1,
    until end: Double
  ) {
    var elapsed = 0.0
    player.advance(phase)
    elapsed += phase
    while elapsed < end - 1e-9 {
      player.advance(period)
      elapsed += period
      player.engine(.playing, at: position + elapsed * rate)
    }
  }

  func testTheAutosaveIsTakenByTheLastReportBeforeItIsDue() async {
    let player = PlaybackHarness.started()  // saves every 15 s, the reference's
    player.engine(.playing, at: 10)
    reportWhilePlaying(player, from: 10, until: 30)
    // The reports at 14 s and 28 s saved, in their own wake-up; the save
    // timer, due at 15 s and then at 29 s, never fired.
    XCTAssertEqual(player.saves.map(\.position), [24, 38])
    XCTAssertEqual(
      player.saves.map(\.updatedAt),
      [PlaybackFixture.start.addingTimeInterval(14), PlaybackFixture.start.addingTimeInterval(28)])
  }

  func testTheAutosaveRidesOnFasterReportsToo() async {
    var session = PlaybackSession()
    session.rules.rateRange = 0.5...3
    let player = PlaybackHarness(session)
    player.send(.play(PlaybackFixture.request()))
    player.send(.setRate(2))
    player.clearRecord()
    player.engine(.playing, at: 0)
    // At 2×, a report each half second (each whole second of the book).
    reportWhilePlaying(player, from: 0, period: 0.5, rate: 2, until: 15)
    XCTAssertEqual(player.saves.map(\.updatedAt), [PlaybackFixture.start.addingTimeInterval(14)])
  }

  func testWithNoReportTheSaveTimerStillSaves() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 10)
    reportWhilePlaying(player, from: 10, until: 5)
    // The engine goes quiet (its position no longer moves): the timer saves.
    player.advance(10)
    XCTAssertEqual(player.saves.map(\.position), [15])
    XCTAssertEqual(player.saves.map(\.updatedAt), [PlaybackFixture.start.addingTimeInterval(15)])
  }

  func testWhilePlayingTheCountdownMovesAtTheReportsWithNoTickOfItsOwn() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 0)
    player.send(.startSleepTimer(.minutes(1)))
    XCTAssertFalse(player.isRunning(.sleepTick), "no 1 s timer at its own phase while the reports come")
    player.advance(10.4)
    XCTAssertEqual(player.session.sleepTimer.remaining, 60, "nothing moves it between reports")
    player.engine(.playing, at: 10.4)
    XCTAssertEqual(player.session.sleepTimer.remaining, 50, "49.6 s left, shown at the report")
  }

  func testAMinutesTimerEndsOnTimeBetweenTheReports() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 0)
    player.send(.startSleepTimer(.minutes(1)))
    // Reports 0.6 s after each whole second of the timer.
    reportWhilePlaying(player, from: 0, phase: 0.6, until: 59.6)
    XCTAssertEqual(player.session.sleepTimer.remaining, 0, "0.4 s left rounds to 0 on screen")
    XCTAssertTrue(player.session.wantsPlayback, "but it does not pause 0.4 s early")
    XCTAssertFalse(player.engineCommands.contains(.pause))
    player.advance(0.4)
    XCTAssertTrue(player.engineCommands.contains(.pause), "it pauses at 60 s, by its own timer")
    XCTAssertFalse(player.session.wantsPlayback)
    XCTAssertFalse(player.session.sleepTimer.isActive)
    XCTAssertEqual(player.session.sleepTimer.endings, 1)
  }

  func testWhilePausedTheMinutesCountdownTicksOnItsOwn() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 20)
    player.send(.startSleepTimer(.minutes(1)))
    player.advance(0.5)
    player.engine(.paused, at: 20.5)
    XCTAssertTrue(player.isRunning(.sleepTick), "no reports while paused: its own tick")
    player.advance(10)
    XCTAssertEqual(player.session.sleepTimer.remaining, 50)
    player.send(.toggle)
    player.engine(.playing, at: 20.5)
    XCTAssertFalse(player.isRunning(.sleepTick), "playing again: the reports count it down")
  }

  func testAPositionTimerEndsAtTheReportThatReachesItsPlace() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 80)
    player.send(.startSleepTimer(.endOfBook))  // the book is 100 s long
    XCTAssertFalse(player.isRunning(.sleepTick))
    reportWhilePlaying(player, from: 80, phase: 0.3, until: 18.3)
    XCTAssertEqual(player.session.sleepTimer.remaining, 2, "1.7 s left at 98.3")
    XCTAssertTrue(player.session.wantsPlayback)
    player.advance(1)
    player.engine(.playing, at: 99.3)
    XCTAssertTrue(player.session.wantsPlayback)
    player.advance(0.7)
    player.engine(.playing, at: 100)
    XCTAssertFalse(player.session.wantsPlayback, "paused at the report of the end")
    XCTAssertEqual(player.session.sleepTimer.endings, 1)
  }
}
