import CGLib

/// Blocking work on threads started for it, joined when it is done.
///
/// For long blocking loops (reading a folder of audio files with
/// `GstDiscoverer`, say) that would hold `WorkerPool` threads for seconds:
/// these threads are the work's own, and they end with it, so nothing is
/// left to wake an idle Hark. Never `DispatchQueue.global()` or
/// `DispatchQueue.concurrentPerform`: their first use arms libdispatch's
/// once-a-second pool monitor for the rest of the process (see `WorkerPool`).
public enum DedicatedThreads {
  /// Runs `body(0)` … `body(count - 1)` at once, each on a new thread named
  /// `name`, and returns when all have returned. The calling thread only
  /// waits: call it from a thread that may block, never the main one.
  public static func run(_ name: String, count: Int, _ body: @Sendable (Int) -> Void) {
    guard count > 0 else { return }
    withoutActuallyEscaping(body) { body in
      let threads = (0..<count).map { index in started(name) { body(index) } }
      // Joining also drops each thread's reference: nothing outlives `body`.
      for thread in threads { _ = g_thread_join(thread) }
    }
  }

  /// Runs `body` on a new thread named `name` and returns its result; the
  /// awaiting task's executor is free for other work meanwhile.
  public static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      g_thread_unref(started(name) { continuation.resume(returning: body()) })
    }
  }

  /// Starts `body` on a new thread named `name`. The caller owns the
  /// returned thread: `g_thread_join` waits for it (and orders its writes
  /// before what follows), `g_thread_unref` lets it run on unwatched.
  public static func started(_ name: String, _ body: @escaping @Sendable () -> Void) -> UnsafeMutablePointer<GThread> {
    let start = Unmanaged.passRetained(Start(body)).toOpaque()
    return g_thread_new(name, { start in
      Unmanaged<Start>.fromOpaque(start!).takeRetainedValue().body()
      return nil
    }, start)!
  }

  private final class Start {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
}
