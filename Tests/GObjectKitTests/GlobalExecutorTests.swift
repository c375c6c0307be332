import Dispatch
import Foundation
import GObjectKit
import Synchronization
import XCTest

/// The global executor's jobs run on Hark's `hark-worker` threads once the
/// hook is installed (it stays installed for the rest of the test process,
/// which is the point: every later test's tasks run on the pool too).
final class GlobalExecutorTests: XCTestCase {
  private actor Counter {
    var value = 0
    func bump() -> String {
      value += 1
      return currentThreadName()
    }
  }

  override func setUp() {
    XCTAssertTrue(GlobalExecutor.install(), "the runtime has swift_task_enqueueGlobal_hook")
  }

  func testDetachedTasksActorsAndNonisolatedFunctionsRunOnHarkWorkers() throws {
    let names = Shared<[String]>([])
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let counter = Counter()
      let actorThread = await counter.bump()
      let nonisolatedThread = await nameFromNonisolatedAsync()
      names.withLock { $0 = [currentThreadName(), actorThread, nonisolatedThread] }
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(names.withLock { $0 }, ["hark-worker", "hark-worker", "hark-worker"])
    XCTAssertTrue(GlobalExecutor.isInstalled)
  }

  /// A job that blocks until another job runs must not hold up that job: the
  /// pool starts a thread when every thread it has is busy.
  func testABlockedJobDoesNotStarveTheJobItWaitsFor() {
    let unblock = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
      let released = unblock.wait(timeout: .now() + 10) == .success
      XCTAssertTrue(released, "the second job ran while the first blocked")
      finished.signal()
    }
    Task.detached { unblock.signal() }
    XCTAssertEqual(finished.wait(timeout: .now() + 15), .success)
  }

  /// More jobs blocked at once than the pool's width, all waiting for one
  /// job queued behind them: the watchdog sees no job finish and adds a
  /// thread, as libdispatch's monitor would. Without it this deadlocks.
  func testJobsBlockedBeyondTheWidthGetAnotherThread() {
    let blockers = WorkerPool.shared.width + 1
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<blockers {
      Task.detached {
        _ = release.wait(timeout: .now() + 20)
        finished.signal()
      }
    }
    Task.detached {
      for _ in 0..<blockers { release.signal() }
    }
    let start = DispatchTime.now()
    for _ in 0..<blockers {
      XCTAssertEqual(finished.wait(timeout: start + 10), .success, "the releasing job ran")
    }
  }

  /// A worker calling an idle actor runs the actor's turn in place, on the
  /// same thread, as the runtime's own executor does: no job is queued and
  /// no other thread woken. Run as a task executor, the pool queued a job
  /// for every such call. Each `Task.yield()` puts the task back on the
  /// pool as a job of its own (one job), so each call starts from a worker.
  func testCallingAnIdleActorFromAWorkerQueuesNoJob() {
    let queued = Shared(0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let counter = Counter()
      let before = WorkerPool.shared.jobsAdded
      for _ in 0..<10 {
        await Task.yield()
        _ = await counter.bump()
      }
      queued.withLock { $0 = WorkerPool.shared.jobsAdded - before }
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    // The ten yields' jobs, not twenty or more; a margin for another
    // test's task queuing meanwhile.
    let jobs = queued.withLock { $0 }
    XCTAssertLessThan(jobs, 15, "ten yields and ten calls to an idle actor queued \(jobs) jobs")
  }

  /// Many short jobs at once: all run, on a bounded number of threads.
  func testABurstOfTasksAllRun() {
    let count = Shared(0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<1000 {
          group.addTask { count.withLock { $0 += 1 } }
        }
      }
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    XCTAssertEqual(count.withLock { $0 }, 1000)
    XCTAssertLessThanOrEqual(WorkerPool.shared.threadCount, WorkerPool.shared.limit)
  }
}

private nonisolated func nameFromNonisolatedAsync() async -> String { currentThreadName() }

/// A value that tasks share; a class so closures capture the one instance.
final class Shared<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>
  init(_ value: Value) { mutex = Mutex(value) }
  func withLock<T>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}

/// The calling thread's name, as /proc shows it.
func currentThreadName() -> String {
  let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
  return name.trimmingCharacters(in: .whitespacesAndNewlines)
}
