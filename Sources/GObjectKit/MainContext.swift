import CGLib

/// Hands work from another thread to the GLib main loop: the app's, or the
/// one a test spins. (The Swift main actor's own queue only runs through
/// `MainLoopBridge`, which tests do not install.)
public enum MainContext {
  /// Runs `work` on the main thread, soon, from any thread.
  public static func invoke(_ work: @escaping @Sendable @MainActor () -> Void) {
    final class Box: Sendable {
      let work: @Sendable @MainActor () -> Void
      init(_ work: @escaping @Sendable @MainActor () -> Void) { self.work = work }
    }
    // An idle source, not g_main_context_invoke: that one runs `work` right
    // on the calling thread whenever the main thread is between iterations.
    g_idle_add_full(
      G_PRIORITY_DEFAULT,
      { data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { box.work() }
        return hark_source_remove()
      }, Unmanaged.passRetained(Box(work)).toOpaque(),
      { data in Unmanaged<Box>.fromOpaque(data!).release() })
  }
}
