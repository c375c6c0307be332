import CGLib
import GObjectKit

/// Finishes asynchronous work while the application shuts down.
///
/// By "shutdown" `g_application_run` has stopped iterating the main loop, so
/// a main-actor task would never run; this iterates the default context
/// itself until the work is done or the limit passes, so quitting is never
/// held up for longer than `limit`, whatever a server does.
@MainActor
enum ShutdownWork {
  static func finish(within limit: Duration, _ work: @escaping @MainActor () async -> Void) {
    final class Done { var value = false }
    let done = Done()
    Task { @MainActor in
      await work()
      done.value = true
      g_main_context_wakeup(nil)
    }
    let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
    let deadline = g_get_monotonic_time() + gint64(milliseconds) * 1000
    // Only wakes the loop at the deadline; the condition below ends it.
    let timer = g_timeout_source_new(guint(milliseconds))
    g_source_set_callback(timer, { _ in hark_source_remove() }, nil, nil)
    g_source_attach(timer, nil)
    while !done.value && g_get_monotonic_time() < deadline {
      g_main_context_iteration(nil, 1)
    }
    // Destroying a source that already fired is harmless, unlike removing its id.
    g_source_destroy(timer)
    g_source_unref(timer)
  }
}
