import CGLib
import GObjectKit
import Synchronization
import XCTest

/// `MainContext.afterPendingWork(atMost:)`: after the main loop's pending
/// work when it goes idle, and at its deadline when it never does; once
/// either way. (That the first source takes the other away is not seen
/// from here: a removed timeout and a fired no-op one look alike.)
final class IdleOrDeadlineTests: XCTestCase {
  /// A default-priority source that is always ready, as a main loop that
  /// never pauses would have; default-idle sources never run beside it.
  private static func keepTheLoopBusy() -> guint {
    g_idle_add_full(G_PRIORITY_DEFAULT, { _ in hark_source_continue() }, nil, nil)
  }

  /// What the work saw, written from the main thread, read by the test.
  private final class Seen<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    var current: Value { value.withLock { $0 } }
    func update(_ change: @Sendable (inout Value) -> Void) { value.withLock { change(&$0) } }
  }

  func testAnIdleLoopRunsTheWorkOnceWithoutWaitingForTheDeadline() {
    MainActor.assumeIsolated {
      let runs = Seen(0)
      MainContext.afterPendingWork(atMost: .seconds(30)) { runs.update { $0 += 1 } }
      XCTAssertTrue(iterateMainContext(seconds: 5) { runs.current == 1 })
      // Long before the 30 s deadline: the idle source ran it.
      _ = iterateMainContext(seconds: 0.1) { false }
      XCTAssertEqual(runs.current, 1)
    }
  }

  func testABusyLoopRunsTheWorkAtItsDeadline() {
    MainActor.assumeIsolated {
      let busy = Self.keepTheLoopBusy()
      let runs = Seen(0)
      let plainIdleRan = Seen(false)
      MainContext.afterPendingWork { plainIdleRan.update { $0 = true } }
      MainContext.afterPendingWork(atMost: .milliseconds(200)) { runs.update { $0 += 1 } }
      XCTAssertTrue(iterateMainContext(seconds: 10) { runs.current == 1 }, "the deadline ran it")
      XCTAssertFalse(plainIdleRan.current, "the busy loop holds default-idle work back")
      g_source_remove(busy)
      // Idle now: the plain idle work runs, and the deadline's own idle
      // source does not run the work again.
      XCTAssertTrue(iterateMainContext(seconds: 5) { plainIdleRan.current })
      _ = iterateMainContext(seconds: 0.1) { false }
      XCTAssertEqual(runs.current, 1, "once, not again when the idle source gets its turn")
    }
  }

  func testWorkFromAnotherThreadRunsOnTheMainThread() {
    MainActor.assumeIsolated {
      let onMain = Seen<Bool?>(nil)
      Thread.detachNewThread {
        MainContext.afterPendingWork(atMost: .seconds(30)) { onMain.update { $0 = Thread.isMainThread } }
      }
      XCTAssertTrue(iterateMainContext(seconds: 5) { onMain.current != nil })
      XCTAssertEqual(onMain.current, true)
    }
  }
}
