/// The jobs waiting for a worker thread: the highest priority first, and
/// first come first served within one priority, as libdispatch's global
/// queues (one per quality of service) would run them.
struct JobQueue {
  /// One priority's jobs. Taking from the front moves a head index instead of
  /// shifting the array, so a burst of jobs is not quadratic.
  private struct Line {
    var jobs: [UnownedJob] = []
    var head = 0

    var isEmpty: Bool { head == jobs.count }

    mutating func take() -> UnownedJob {
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      return job
    }
  }

  private var lines: [UInt8: Line] = [:]
  private(set) var count = 0

  mutating func append(_ job: UnownedJob) {
    lines[job.priority.rawValue, default: Line()].jobs.append(job)
    count += 1
  }

  /// The next job to run, or nil when none is waiting.
  mutating func next() -> UnownedJob? {
    // A handful of priorities are in use at most, so a scan is cheap.
    guard let top = lines.keys.max() else { return nil }
    let job = lines[top]!.take()
    if lines[top]!.isEmpty { lines[top] = nil }
    count -= 1
    return job
  }
}
