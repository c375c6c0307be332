import CGLib

/// Hands work from another thread to the GLib main loop: the app's, or the
/// one a test spins. (The Swift main actor's own queue only runs through
/// `MainLoopBridge`, which tests do not install.)
public enum MainContext {
  /// Runs `work` on the main thread, soon, from any thread.
  public static func invoke(_ work: @escaping @Sendable @MainActor () -> Void) {
    // An idle source, not g_main_context_invoke: that one runs `work` right
    // on the calling thread whenever the main thread is between iterations.
    add(work, priority: G_PRIORITY_DEFAULT)
  }

  private static func add(_ work: @escaping @Sendable @MainActor () -> Void, priority: gint) {
    final class Box: Sendable {
      let work: @Sendable @MainActor () -> Void
      init(_ work: @escaping @Sendable @MainActor () -> Void) { self.work = work }
    }
    g_idle_add_full(
      priority,
      { data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { box.work() }
        return hark_source_remove()
      }, Unmanaged.passRetained(Box(work)).toOpaque(),
      { data in Unmanaged<Box>.fromOpaque(data!).release() })
  }

  /// Runs `work` on the main thread once the main loop has nothing more
  /// urgent to do: after the window's layout and paint (GTK's redraw runs at
  /// a higher priority than default idle sources).
  public static func afterPendingWork(_ work: @escaping @Sendable @MainActor () -> Void) {
    add(work, priority: G_PRIORITY_DEFAULT_IDLE)
  }
}
