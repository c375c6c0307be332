import CGLib
import Foundation

/// A thread running its own GLib main loop. Work is handed to it with
/// `perform`, and everything created there (the SoupSession, its sources)
/// stays there.
final class NetworkThread: @unchecked Sendable {
  // Written once on the thread before `ready` is signalled; read-only after.
  private(set) var context: OpaquePointer!
  private var loop: OpaquePointer!
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts the thread and runs `setUp` on it before returning.
  init(name: String, setUp: @escaping @Sendable () -> Void) {
    let thread = Thread { [unowned self] in
      self.context = g_main_context_new()
      g_main_context_push_thread_default(self.context)
      self.loop = g_main_loop_new(self.context, 0)
      setUp()
      self.ready.signal()
      g_main_loop_run(self.loop)
      g_main_context_pop_thread_default(self.context)
      g_main_loop_unref(self.loop)
      g_main_context_unref(self.context)
      self.finished.signal()
    }
    thread.name = name
    thread.start()
    ready.wait()
  }

  /// Runs `work` on the network thread (soon, in order).
  func perform(_ work: @escaping @Sendable () -> Void) {
    final class Box {
      let work: @Sendable () -> Void
      init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
    g_main_context_invoke_full(
      context, G_PRIORITY_DEFAULT,
      { data in
        Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().work()
        return hark_source_remove()
      }, Unmanaged.passRetained(Box(work)).toOpaque(),
      { data in Unmanaged<Box>.fromOpaque(data!).release() })
  }

  /// Stops the loop after the work already queued, and waits for the thread.
  func stop(then cleanUp: @escaping @Sendable () -> Void) {
    nonisolated(unsafe) let loop = loop
    perform {
      cleanUp()
      g_main_loop_quit(loop)
    }
    finished.wait()
  }
}
