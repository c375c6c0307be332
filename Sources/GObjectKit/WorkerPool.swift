import CGLib

/// Threads that Hark owns for the Swift global concurrent executor: where
/// actors without an executor of their own, `nonisolated` async functions,
/// `Task.detached` and `Task {}` outside an actor run their jobs once
/// `GlobalExecutor.install()` has run.
///
/// Why not libdispatch's global pool, the default on Linux: the first time
/// one of its worker threads starts, libdispatch arms a one-second timer that
/// watches the pool, and never disarms it, so the process wakes every second
/// for the rest of its life. Here every thread with nothing to do waits on a
/// condition variable without a timeout: an idle Hark does not wake at all.
///
/// The pool behaves like the one it replaces. It starts a thread when a job
/// arrives and no thread is free, up to `width` (one per processor, at
/// least two). Past that, jobs queue; blocking work (a SQLite write, a file
/// read) is allowed all the same, because a watchdog adds a thread whenever
/// jobs wait while none finishes for `stallMicroseconds`, up to `limit`, so
/// jobs that wait for each other cannot deadlock the pool. libdispatch's
/// monitor does the same once a second, but forever; this watchdog only ticks
/// while jobs wait.
public final class WorkerPool: @unchecked Sendable {
  /// The pool behind `GlobalExecutor`. Its threads are named `hark-worker`.
  public static let shared = WorkerPool(
    name: "hark-worker", width: max(2, Int(g_get_num_processors())), limit: 64)

  /// The thread name (at most 15 bytes show in /proc).
  public let name: String
  /// Threads started as soon as jobs need them.
  public let width: Int
  /// The most threads the pool starts, the watchdog's included.
  public let limit: Int
  /// How long queued jobs may see no job finish before the watchdog adds a thread.
  static let stallMicroseconds: gint64 = 50_000

  // @unchecked Sendable: everything below is read and written under `mutex`.
  private let mutex: UnsafeMutablePointer<GMutex>
  private let jobWaiting: UnsafeMutablePointer<GCond>
  private let stalled: UnsafeMutablePointer<GCond>
  private var queue = JobQueue()
  private var threads = 0
  /// Parked threads that no job has claimed yet.
  private var parked = 0
  /// Parked threads claimed by a job but not yet awake.
  private var wakes = 0
  /// Jobs finished so far: the watchdog's measure of progress.
  private var finished = 0
  /// Jobs queued so far.
  private var added = 0
  private var watchdogStarted = false
  private var watchdogParked = false

  init(name: String, width: Int, limit: Int) {
    self.name = name
    self.width = width
    self.limit = max(width, limit)
    mutex = .allocate(capacity: 1)
    g_mutex_init(mutex)
    jobWaiting = .allocate(capacity: 1)
    g_cond_init(jobWaiting)
    stalled = .allocate(capacity: 1)
    g_cond_init(stalled)
  }

  // The shared pool lives as long as the process; its threads hold it.

  /// How many worker threads the pool has started.
  public var threadCount: Int { locked { threads } }

  /// How many jobs have been queued so far: an actor called from a worker
  /// whose turn runs in place queues none.
  public var jobsAdded: Int { locked { added } }

  /// The generic executor, "no isolation": what the Swift runtime's own
  /// global executor runs its jobs on. Not this pool as a task executor:
  /// `swift_task_switch` moves a task onto an idle actor in place, on the
  /// same thread, only when no task executor is current (Actor.cpp, the
  /// `currentTaskExecutor.isUndefined()` check). Run as a task executor,
  /// every call from a worker to an actor, and back, was a new job for
  /// another thread: two thread wake-ups per actor call (seen with `perf`
  /// at every autosave while a book played). Its value is the runtime's
  /// `SerialExecutorRef::generic()`, a null identity.
  private static let generic = unsafeBitCast((0, 0), to: UnownedSerialExecutor.self)

  /// Queues a job from the global executor hook.
  ///
  /// A parked thread (or the watchdog) is signalled after the mutex is
  /// released, not while it is held: signalled under the lock, the woken
  /// thread takes the caller's processor only to block on that lock, and the
  /// unlock wakes it a second time, two more context switches for every job
  /// (seen with `perf record -e sched:sched_switch` on the main thread at
  /// every autosave). The counts it wakes on (`wakes`) are changed under the
  /// lock, so the later signal cannot be lost.
  func add(_ job: UnownedJob) {
    enum Start { case none, signalWorker, signalWatchdog, worker, watchdog }
    let start = locked { () -> Start in
      queue.append(job)
      added &+= 1
      if parked > 0 {
        parked -= 1
        wakes += 1
        return .signalWorker
      }
      if threads < width {
        threads += 1
        return .worker
      }
      // Every thread is busy: the watchdog decides whether they are stuck.
      if !watchdogStarted {
        watchdogStarted = true
        return .watchdog
      }
      return watchdogParked ? .signalWatchdog : .none
    }
    switch start {
    case .none: break
    case .signalWorker: g_cond_signal(jobWaiting)
    case .signalWatchdog: g_cond_signal(stalled)
    case .worker: startThread(name) { $0.work() }
    case .watchdog: startThread("hark-pool-watch") { $0.watch() }
    }
  }

  private func startThread(_ name: String, _ body: @escaping (WorkerPool) -> Never) {
    final class Start {
      let pool: WorkerPool
      let body: (WorkerPool) -> Never
      init(_ pool: WorkerPool, _ body: @escaping (WorkerPool) -> Never) {
        self.pool = pool
        self.body = body
      }
    }
    let start = Unmanaged.passRetained(Start(self, body)).toOpaque()
    let thread = g_thread_new(name, { start in
      let start = Unmanaged<Start>.fromOpaque(start!).takeRetainedValue()
      start.body(start.pool)
    }, start)
    g_thread_unref(thread)  // detached: the thread runs as long as the process
  }

  private func work() -> Never {
    g_mutex_lock(mutex)
    while true {
      if let job = queue.next() {
        g_mutex_unlock(mutex)
        job.runSynchronously(on: Self.generic)
        g_mutex_lock(mutex)
        finished &+= 1
        continue
      }
      parked += 1
      // No timeout: an idle worker never wakes. A wake-up nobody claimed is
      // spurious; `add` moved this thread from `parked` to `wakes` otherwise.
      repeat { g_cond_wait(jobWaiting, mutex) } while wakes == 0
      wakes -= 1
    }
  }

  /// The watchdog: asleep without a timeout while no job waits for a busy
  /// pool; while one does, it checks every `stallMicroseconds` that some job
  /// finished, and adds a thread when none did.
  private func watch() -> Never {
    g_mutex_lock(mutex)
    while true {
      while !(queue.count > wakes && parked == 0 && threads < limit) {
        watchdogParked = true
        g_cond_wait(stalled, mutex)
        watchdogParked = false
      }
      let seen = finished
      let deadline = g_get_monotonic_time() + Self.stallMicroseconds
      while g_get_monotonic_time() < deadline {
        _ = g_cond_wait_until(stalled, mutex, deadline)
      }
      guard queue.count > wakes, parked == 0, finished == seen, threads < limit else { continue }
      threads += 1
      g_mutex_unlock(mutex)
      startThread(name) { $0.work() }
      g_mutex_lock(mutex)
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    g_mutex_lock(mutex)
    defer { g_mutex_unlock(mutex) }
    return body()
  }
}
