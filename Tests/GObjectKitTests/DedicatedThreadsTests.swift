import Dispatch
import GObjectKit
import XCTest

final class DedicatedThreadsTests: XCTestCase {
  func testRunsEveryIndexAtOnceOnNamedThreadsAndJoinsThem() {
    let count = 4
    let seen = Shared<[Int: String]>([:])
    // Every thread waits for all the others: they must run at the same time.
    let arrived = Shared(0)
    DedicatedThreads.run("hark-test-scan", count: count) { index in
      arrived.withLock { $0 += 1 }
      let deadline = DispatchTime.now() + 10
      while arrived.withLock({ $0 }) < count && DispatchTime.now() < deadline { usleep(1000) }
      seen.withLock { $0[index] = currentThreadName() }
    }
    // Joined: every body has returned by now.
    XCTAssertEqual(seen.withLock { $0 }, [0: "hark-test-scan", 1: "hark-test-scan", 2: "hark-test-scan", 3: "hark-test-scan"])
  }

  func testAsyncRunReturnsTheResultFromItsOwnThread() {
    let result = Shared<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let name = await DedicatedThreads.run("hark-test-one") { currentThreadName() }
      result.withLock { $0 = name }
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(result.withLock { $0 }, "hark-test-one")
  }
}
