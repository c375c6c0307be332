import XCTest

@testable import HarkCore

final class MemoizedTests: XCTestCase {
  func testSelectRunsAgainOnlyWhenItsInputChanges() {
    var runs = 0
    let page = memoized(selectDownloadsPageInput) { input -> DownloadsPageView in
      runs += 1
      return selectDownloadsPage(input)
    }
    var state = AppState()
    state.downloads.freeBytes = 5_000_000_000
    XCTAssertEqual(page(state), selectDownloadsPage(state))
    XCTAssertEqual(runs, 1)

    // What a playing second changes, and a setting the page does not read.
    state.settings.skipBackSeconds += 5
    state.player.session.snapshot.position += 1
    XCTAssertEqual(page(state), selectDownloadsPage(state))
    XCTAssertEqual(runs, 1, "the page was worked out again for a change it does not read")

    // What it reads: the free space, and whether metered connections are allowed.
    state.downloads.freeBytes = 4 << 30
    XCTAssertEqual(page(state).storage, "Downloads use 0 B · 4 GB free on this disk")
    XCTAssertEqual(runs, 2)
    state.downloads.network.metered = true
    state.settings.downloadOnMetered.toggle()
    XCTAssertEqual(page(state), selectDownloadsPage(state))
    XCTAssertEqual(runs, 3)
  }

  func testEachMemoizedClosureKeepsItsOwnLastValue() {
    var state = AppState()
    let first = memoized({ $0.downloads.freeBytes }) { $0 }
    let second = memoized({ $0.downloads.freeBytes }) { $0 }
    state.downloads.freeBytes = 1
    XCTAssertEqual(first(state), 1)
    state.downloads.freeBytes = 2
    XCTAssertEqual(second(state), 2)
    XCTAssertEqual(first(state), 2)
  }
}
