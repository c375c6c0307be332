import Foundation
import XCTest
@testable import HarkCore

final class ReducerTests: XCTestCase {
  /// Runs `action` on `state` and returns the next state with the effects.
  private func run(_ action: Action, on state: AppState = AppState()) -> (AppState, [Effect]) {
    var next = state
    let effects = reduce(&next, action)
    return (next, effects)
  }

  func testInitialState() {
    let state = AppState()
    XCTAssertEqual(state.navigation.page, .library)
    XCTAssertEqual(state.settings, Settings())
    XCTAssertNil(state.player.nowPlaying)
    XCTAssertEqual(state.connections, ConnectionsState())
    XCTAssertEqual(state.downloads.entries, [:])
  }

  func testPageSelectedChangesOnlyThePage() {
    let (next, effects) = run(.ui(.pageSelected(.player)))
    var expected = AppState()
    expected.navigation.page = .player
    XCTAssertEqual(next, expected)
    XCTAssertEqual(effects, [])
  }

  func testNextPageWrapsFromLastToFirst() {
    var state = AppState()
    var visited: [Page] = []
    for _ in 0..<5 {
      XCTAssertEqual(reduce(&state, .ui(.nextPageRequested)), [])
      visited.append(state.navigation.page)
    }
    XCTAssertEqual(visited, [.book, .player, .downloads, .library, .book])
  }

  func testPreviousPageWrapsFromFirstToLast() {
    var state = AppState()
    var visited: [Page] = []
    for _ in 0..<5 {
      XCTAssertEqual(reduce(&state, .ui(.previousPageRequested)), [])
      visited.append(state.navigation.page)
    }
    XCTAssertEqual(visited, [.downloads, .player, .book, .library, .downloads])
  }

  func testLoadedReplacesSettingsClampedWithoutPersisting() {
    var stored = Settings()
    stored.skipBackSeconds = 999
    stored.autoRewindSeconds = 10
    stored.defaultSpeed = 1.33
    let (next, effects) = run(.settings(.loaded(stored)))
    var expected = AppState()
    expected.settings.skipBackSeconds = 120
    expected.settings.autoRewindSeconds = 10
    expected.settings.defaultSpeed = 1.35
    XCTAssertEqual(next, expected)
    XCTAssertEqual(effects, [], "loaded values came from GSettings; writing them back is an echo")
  }

  func testChangedStoresAndPersistsTheValue() {
    let (next, effects) = run(.settings(.changed(.skipForwardSeconds, 45)))
    var expected = AppState()
    expected.settings.skipForwardSeconds = 45
    XCTAssertEqual(next, expected)
    XCTAssertEqual(effects, [.persistSetting(.skipForwardSeconds, 45)])
  }

  func testChangedClampsAndPersistsTheClampedValue() {
    let (next, effects) = run(.settings(.changed(.autoRewindSeconds, 90)))
    var expected = AppState()
    expected.settings.autoRewindSeconds = 30
    XCTAssertEqual(next, expected)
    XCTAssertEqual(effects, [.persistSetting(.autoRewindSeconds, 30)])
  }

  func testChangedSnapsTheSpeedAndPersistsTheSnappedValue() {
    let (next, effects) = run(.settings(.changed(.defaultSpeed, 1.52)))
    var expected = AppState()
    expected.settings.defaultSpeed = 1.5
    XCTAssertEqual(next, expected)
    XCTAssertEqual(effects, [.persistSetting(.defaultSpeed, 1.5)])
  }

  func testChangedToTheCurrentValueHasNoEffect() {
    let (next, effects) = run(.settings(.changed(.skipBackSeconds, 15)))
    XCTAssertEqual(next, AppState())
    XCTAssertEqual(effects, [])
  }

  func testChangedToAValueThatClampsToTheCurrentOneHasNoEffect() {
    var state = AppState()
    state.settings.virtualChapterMinutes = 120
    let (next, effects) = run(.settings(.changed(.virtualChapterMinutes, 500)), on: state)
    XCTAssertEqual(next, state)
    XCTAssertEqual(effects, [])
    let (snapped, snapEffects) = run(.settings(.changed(.defaultSpeed, 1.01)))
    XCTAssertEqual(snapped, AppState())
    XCTAssertEqual(snapEffects, [], "1.01 snaps back to the current 1.0")
  }

  func testChangedToNotANumberIsIgnored() {
    let (next, effects) = run(.settings(.changed(.defaultSpeed, .nan)))
    XCTAssertEqual(next, AppState())
    XCTAssertEqual(effects, [])
  }

  func testTimerFiredIsAcceptedAndIgnoredForNow() {
    var state = AppState()
    state.navigation.page = .downloads
    let (next, effects) = run(
      .timer(.fired(TimerID("autosave"), at: Date(timeIntervalSince1970: 42))), on: state)
    XCTAssertEqual(next, state)
    XCTAssertEqual(effects, [])
  }
}
