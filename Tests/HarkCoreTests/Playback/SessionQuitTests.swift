import Foundation
import XCTest

@testable import HarkCore

/// Hark quitting (`.quitting`; not in the reference, whose app is never
/// quit with a book playing): the place is saved at once, where the book
/// was, because the engine's "paused" report that takes a pause's save never
/// comes to a process that is ending.
@MainActor
final class SessionQuitTests: XCTestCase {
  func testQuittingWhilePlayingSavesThePlaceAtOnceAndStopsTheSound() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 40)
    player.advance(4)
    player.engine(.playing, at: 44)
    player.clearRecord()
    player.send(.quitting)
    XCTAssertEqual(player.saves.map(\.position), [44], "saved without waiting for the engine")
    XCTAssertEqual(player.engineCommands, [.pause])
    XCTAssertFalse(player.isRunning(.autosave))
    player.engine(.paused, at: 44)
    XCTAssertEqual(player.saves.map(\.position), [44], "the engine's own report saves nothing again")
  }

  func testQuittingAgainOrWhilePausedSavesNothingMore() async {
    let player = PlaybackHarness.started()
    player.engine(.playing, at: 40)
    player.send(.quitting)
    player.clearRecord()
    player.send(.quitting)
    XCTAssertEqual(player.saves, [], "`quit` and then `shutdown` both say so: one save")

    let paused = PlaybackHarness.started()
    paused.engine(.playing, at: 40)
    paused.engine(.paused, at: 40)
    paused.clearRecord()
    paused.send(.quitting)
    XCTAssertEqual(paused.saves, [], "a pause already saved the place")
    XCTAssertEqual(paused.engineCommands, [])
  }
}
