import CGLib
import GObjectKit
import XCTest

private enum Outcome: Equatable { case pending, slept, cancelled, failed }

/// Sleeps `duration` on the main loop and records how the sleep ended.
private func sleep(for duration: Duration, recordingIn outcome: Shared<Outcome>) async {
  do {
    try await MainLoopSleep.sleep(for: duration)
    outcome.withLock { $0 = .slept }
  } catch is CancellationError {
    outcome.withLock { $0 = .cancelled }
  } catch { outcome.withLock { $0 = .failed } }
}

final class MainLoopSleepTests: XCTestCase {

  func testSleepsAtLeastTheDurationOnTheMainContext() {
    MainActor.assumeIsolated {
      let outcome = Shared(Outcome.pending)
      let start = g_get_monotonic_time()
      Task.detached {
        await sleep(for: .milliseconds(60), recordingIn: outcome)
      }
      XCTAssertTrue(iterateMainContext(seconds: 5) { outcome.withLock { $0 } != .pending })
      XCTAssertEqual(outcome.withLock { $0 }, .slept)
      XCTAssertGreaterThanOrEqual(g_get_monotonic_time() - start, 60_000)
    }
  }

  func testCancellingEndsTheSleepWithCancellationError() {
    MainActor.assumeIsolated {
      let outcome = Shared(Outcome.pending)
      let start = g_get_monotonic_time()
      let task = Task.detached {
        await sleep(for: .seconds(30), recordingIn: outcome)
      }
      _ = iterateMainContext(seconds: 0.05) { false }
      task.cancel()
      XCTAssertTrue(iterateMainContext(seconds: 5) { outcome.withLock { $0 } != .pending })
      XCTAssertEqual(outcome.withLock { $0 }, .cancelled)
      XCTAssertLessThan(g_get_monotonic_time() - start, 5_000_000, "long before the 30 s were up")
    }
  }

  func testAlreadyCancelledTaskDoesNotSleep() {
    let outcome = Shared(Outcome.pending)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      withUnsafeCurrentTask { $0?.cancel() }
      await sleep(for: .seconds(30), recordingIn: outcome)
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "no main loop needed to give up")
    XCTAssertEqual(outcome.withLock { $0 }, .cancelled)
  }

  func testDurationsRoundUpToWholeMilliseconds() {
    XCTAssertEqual(MainLoopSleep.milliseconds(.zero), 0)
    XCTAssertEqual(MainLoopSleep.milliseconds(.microseconds(1)), 1)
    XCTAssertEqual(MainLoopSleep.milliseconds(.milliseconds(1500)), 1500)
    XCTAssertEqual(MainLoopSleep.milliseconds(.seconds(-3)), 0)
  }
}
