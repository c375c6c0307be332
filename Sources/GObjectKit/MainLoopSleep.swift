import CGLib
import Synchronization

/// `Task.sleep` on a GLib timeout instead of libdispatch.
///
/// Swift 6.2's `Task.sleep` schedules its wake-up on libdispatch's global
/// pool, which arms libdispatch's once-a-second pool monitor for good (see
/// `WorkerPool`). This sleep is a one-shot timeout on the default main
/// context, so it needs the GLib main loop running (Hark's always is; a test
/// iterates the context itself). Cancelling the task ends the sleep at once
/// with `CancellationError`, as `Task.sleep` does.
public enum MainLoopSleep {
  public static func sleep(for duration: Duration) async throws {
    let timer = SleepTimer()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        timer.start(milliseconds: milliseconds(duration), continuation)
      }
    } onCancel: {
      timer.cancel()
    }
  }

  /// Rounded up, so a sleep never ends early.
  public static func milliseconds(_ duration: Duration) -> UInt32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
    let perMillisecond: Int64 = 1_000_000_000_000_000
    let total = seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
    return UInt32(clamping: total)
  }
}

/// One sleep's timeout and continuation; whichever of "fired" and "cancelled"
/// comes first resumes the continuation, the other finds it gone.
private final class SleepTimer: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var source: UnsafeMutablePointer<GSource>?
    var cancelled = false
  }

  private let state = Mutex(State())

  func start(milliseconds: UInt32, _ continuation: CheckedContinuation<Void, any Error>) {
    let cancelledFirst = state.withLock { state -> Bool in
      guard !state.cancelled else { return true }
      state.continuation = continuation
      let source = g_timeout_source_new(milliseconds)!
      g_source_set_callback(source, { data in
        Unmanaged<SleepTimer>.fromOpaque(data!).takeUnretainedValue().finish(throwing: nil)
        return hark_source_remove()
      }, Unmanaged.passRetained(self).toOpaque(), { data in
        Unmanaged<SleepTimer>.fromOpaque(data!).release()
      })
      g_source_attach(source, nil)  // thread-safe; wakes the main context
      state.source = source
      return false
    }
    if cancelledFirst { continuation.resume(throwing: CancellationError()) }
  }

  func cancel() {
    finish(throwing: CancellationError())
  }

  private func finish(throwing error: (any Error)?) {
    let (continuation, source) = state.withLock { state in
      state.cancelled = error != nil
      defer { state.continuation = nil; state.source = nil }
      return (state.continuation, state.source)
    }
    if let source {
      g_source_destroy(source)  // a no-op when it is the source that fired
      g_source_unref(source)
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
  }
}
