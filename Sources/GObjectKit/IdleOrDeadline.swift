import CGLib
import Synchronization

extension MainContext {
  /// Like `afterPendingWork`, but runs `work` after `limit` at the latest.
  ///
  /// Why a deadline: GLib runs a default-idle source only when nothing of a
  /// higher priority is ready, so a main loop kept busy without a pause
  /// would hold `work` back for as long as it stays busy. Whichever of the
  /// two sources runs first runs `work` and takes the other away, so
  /// nothing wakes the main thread afterwards.
  public static func afterPendingWork(
    atMost limit: Duration, _ work: @escaping @Sendable @MainActor () -> Void
  ) {
    IdleOrDeadline(milliseconds: MainLoopSleep.milliseconds(limit), work: work).attach()
  }
}

/// The two sources of `afterPendingWork(atMost:)` and the one `work`.
///
/// `@unchecked Sendable`: the two source pointers are set once in `init`
/// and only passed to GLib's thread-safe `g_source_destroy` afterwards;
/// `ran` is behind a mutex.
private final class IdleOrDeadline: @unchecked Sendable {
  private let work: @Sendable @MainActor () -> Void
  private let idle: UnsafeMutablePointer<GSource>
  private let deadline: UnsafeMutablePointer<GSource>
  private let ran = Mutex(false)

  init(milliseconds: guint, work: @escaping @Sendable @MainActor () -> Void) {
    self.work = work
    idle = g_idle_source_new()
    g_source_set_priority(idle, G_PRIORITY_DEFAULT_IDLE)
    deadline = g_timeout_source_new(milliseconds)
  }

  deinit {
    g_source_unref(idle)
    g_source_unref(deadline)
  }

  /// Each source holds the box until GLib destroys it; the box holds a
  /// reference to each source until it goes.
  ///
  /// Attached under the lock `runOnce` takes: asked for from another
  /// thread, the idle source could otherwise run on the main thread and
  /// destroy the deadline before it was attached (GLib refuses to attach a
  /// destroyed source, with a critical, and its box would never be freed).
  func attach() {
    for source in [idle, deadline] {
      g_source_set_callback(
        source,
        { data in
          Unmanaged<IdleOrDeadline>.fromOpaque(data!).takeUnretainedValue().runOnce()
          return hark_source_remove()
        }, Unmanaged.passRetained(self).toOpaque(),
        { data in Unmanaged<IdleOrDeadline>.fromOpaque(data!).release() })
    }
    ran.withLock { _ in
      g_source_attach(idle, nil)
      g_source_attach(deadline, nil)
    }
  }

  private func runOnce() {
    let first = ran.withLock { ran in
      defer { ran = true }
      return !ran
    }
    guard first else { return }
    g_source_destroy(idle)
    g_source_destroy(deadline)
    MainActor.assumeIsolated { work() }
  }
}
