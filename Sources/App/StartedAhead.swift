import CGLib
import GObjectKit

/// Work started now on a thread of its own, whose result the first caller
/// of `value` waits for: for start-up work (opening the listening database)
/// that the window need not wait on while it is being built.
///
/// The thread ends with the work, so nothing is left to wake an idle Hark.
/// Never joined if `value` is never read; the thread has ended by then
/// anyway, only its small GThread record stays.
@MainActor
final class StartedAhead<Value: Sendable> {
  private var thread: UnsafeMutablePointer<GThread>?
  private let box = ResultBox<Value>()

  init(_ name: String, _ work: @escaping @Sendable () -> Value) {
    let box = box
    thread = DedicatedThreads.started(name) { box.value = work() }
  }

  /// The work's result, once it is done (waits for it the first time).
  var value: Value {
    if let thread {
      // Joining drops the thread's last reference, and orders its write of
      // `box.value` before the read below.
      g_thread_join(thread)
      self.thread = nil
    }
    return box.value!
  }
}

/// Written once by the worker thread before it ends, read only after
/// `g_thread_join`, which orders the two: never touched by both at once.
private final class ResultBox<Value>: @unchecked Sendable {
  var value: Value?
}
