import Dispatch
import HarkCore
import Synchronization

/// Blocking work (a file read or write) done off the main thread, one job
/// after another in the order it was asked for.
///
/// Why one lane and not a detached task per job: two detached tasks may run
/// in either order, so of two quick saves of the same file the older could
/// land last. And a read queued before a save sees the file as it was
/// before that save, as it would have on the main thread.
///
/// An idle lane holds no thread: the first job queued starts one task on
/// Hark's worker pool (`WorkerPool` lets it block), which takes every job
/// queued meanwhile and ends when none is left. `SaveLane` orders the
/// player's saves the same way.
final class OrderedLane: Sendable {
  typealias Job = @Sendable () -> Void

  private struct Queue: Sendable {
    var jobs: [Job] = []
    /// A task is taking the jobs; a job queued now is its to run.
    var running = false
    /// Told when the last job has run (`waitUntilDone`).
    var drained: [DispatchSemaphore] = []
  }

  private let queue = Mutex(Queue())

  /// Queues `job`; returns at once.
  func add(_ job: @escaping Job) {
    let start = queue.withLock { queue in
      queue.jobs.append(job)
      defer { queue.running = true }
      return !queue.running
    }
    guard start else { return }
    Task.detached { self.runAll() }
  }

  /// Queues `job` and waits (without blocking the caller's thread) for
  /// what it returns.
  func answer<Value: Sendable>(_ job: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      add { continuation.resume(returning: job()) }
    }
  }

  /// Blocks until every job queued so far has run, or `limit` has passed:
  /// at quit, so that what was saved last is on disk before the process
  /// ends. Never waits on the main thread's work (no job does).
  func waitUntilDone(within limit: Duration) {
    let done = DispatchSemaphore(value: 0)
    let busy = queue.withLock { queue in
      if queue.running { queue.drained.append(done) }
      return queue.running
    }
    guard busy else { return }
    _ = done.wait(timeout: .now() + limit.seconds)
  }

  private func runAll() {
    while let job = next() { job() }
  }

  /// The oldest job; nil, and the lane idle, when none is left.
  private func next() -> Job? {
    let (job, drained) = queue.withLock { queue -> (Job?, [DispatchSemaphore]) in
      if !queue.jobs.isEmpty { return (queue.jobs.removeFirst(), []) }
      queue.running = false
      defer { queue.drained = [] }
      return (nil, queue.drained)
    }
    for waiter in drained { waiter.signal() }
    return job
  }
}
