import CGLib
import GObjectKit
import XCTest

/// Runs the default main context until `done` or a deadline; returns whether
/// `done` became true.
@MainActor
func iterateMainContext(seconds: Double, until done: () -> Bool) -> Bool {
  let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
  while !done() && g_get_monotonic_time() < deadline {
    g_main_context_iteration(nil, 0)
    g_usleep(1000)
  }
  return done()
}

final class TimeoutTests: XCTestCase {
  func testOneShotFiresOnceAndReleasesItsClosure() {
    MainActor.assumeIsolated {
      var fired = 0
      let timeout = Timeout(milliseconds: 10, repeating: false) { fired += 1 }
      XCTAssertTrue(iterateMainContext(seconds: 2) { fired == 1 })
      _ = iterateMainContext(seconds: 0.05) { false }
      XCTAssertEqual(fired, 1)
      XCTAssertFalse(timeout.isActive, "the source and its closure are gone")
      timeout.cancel()  // after firing: a harmless no-op
    }
  }

  func testRepeatingFiresUntilCancelled() {
    MainActor.assumeIsolated {
      var fired = 0
      let timeout = Timeout(milliseconds: 5, repeating: true) { fired += 1 }
      XCTAssertTrue(iterateMainContext(seconds: 2) { fired >= 3 })
      timeout.cancel()
      let count = fired
      _ = iterateMainContext(seconds: 0.05) { false }
      XCTAssertEqual(fired, count, "no firing after cancel")
      XCTAssertFalse(timeout.isActive)
    }
  }

  func testCancelBeforeFiringPreventsIt() {
    MainActor.assumeIsolated {
      var fired = false
      let timeout = Timeout(milliseconds: 10, repeating: false) { fired = true }
      timeout.cancel()
      _ = iterateMainContext(seconds: 0.05) { false }
      XCTAssertFalse(fired)
    }
  }
}
