import Dispatch
import HarkCore
import Synchronization

/// Work done off the main thread (a file read or write, a save sent to a
/// server), one job after another in the order it was asked for.
///
/// Why one lane and not a detached task per job: two detached tasks may run
/// in either order, so of two quick saves of the same file the older could
/// land last. And a read queued before a save sees the file as it was
/// before that save, as it would have on the main thread.
///
/// An idle lane holds no thread: the first job queued starts one task on
/// Hark's worker pool (`WorkerPool` lets it block), which takes every job
/// queued meanwhile and ends when none is left. The task starts at once, or
/// when `startWhenIdle` runs what it is given (`SaveLane` starts after the
/// window's paint); `waitUntilDone` starts it at once either way.
final class OrderedLane: Sendable {
  typealias Job = @Sendable () async -> Void
  /// Runs its argument when the lane's task should start.
  typealias StartWhenIdle = @Sendable (_ start: @escaping @Sendable () -> Void) -> Void

  private struct Queue: Sendable {
    var jobs: [Job] = []
    /// A start is asked for (`startWhenIdle`) and has not happened yet.
    var startAsked = false
    /// A task is taking the jobs; a job queued now is its to run.
    var running = false
    /// Told when the last job has run (`waitUntilDone`).
    var drained: [DispatchSemaphore] = []
  }

  private let queue = Mutex(Queue())
  private let startWhenIdle: StartWhenIdle?

  /// `startWhenIdle` nil: the task starts as soon as a job is queued.
  init(startWhenIdle: StartWhenIdle? = nil) {
    self.startWhenIdle = startWhenIdle
  }

  /// Queues `job`; returns at once.
  func add(_ job: @escaping Job) {
    let ask = queue.withLock { queue in
      queue.jobs.append(job)
      // A task running, or about to, takes this job too.
      guard !queue.running, !queue.startAsked else { return false }
      queue.startAsked = true
      return true
    }
    guard ask else { return }
    if let startWhenIdle { startWhenIdle { [self] in start() } } else { start() }
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
  /// ends. Never waits on the main thread's work (no job does), and starts
  /// a task still waiting for the main loop, which runs no more by then.
  func waitUntilDone(within limit: Duration) {
    start()
    let done = DispatchSemaphore(value: 0)
    let busy = queue.withLock { queue in
      if queue.running { queue.drained.append(done) }
      return queue.running
    }
    guard busy else { return }
    _ = done.wait(timeout: .now() + limit.seconds)
  }

  /// Starts the task if a start was asked for and has not happened yet.
  private func start() {
    let start = queue.withLock { queue in
      guard queue.startAsked else { return false }
      queue.startAsked = false
      queue.running = true
      return true
    }
    if start { Task.detached { await self.runAll() } }
  }

  private func runAll() async {
    while let job = next() { await job() }
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
