import CGLib
import Dispatch
import Glibc

// libdispatch's private run-loop hooks (what CoreFoundation's run loop uses).
// The main queue signals an eventfd when it has work; draining it runs the
// queued blocks, including the Swift main actor's jobs.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueDrain(_ message: UnsafeMutableRawPointer?)

/// Makes the GLib main loop drain libdispatch's main queue.
///
/// `g_application_run` owns the main thread and never returns to
/// `dispatchMain()`, so without this bridge `DispatchQueue.main` blocks and
/// `@MainActor` continuations never run. The bridge watches the main queue's
/// eventfd as a GLib fd source: no polling, no timer, zero wake-ups while
/// nothing is queued.
public enum MainLoopBridge {
  nonisolated(unsafe) private static var sourceID: guint = 0

  /// Installs the bridge on the default main context. Call once, on the main
  /// thread, before the main loop runs. Later calls do nothing.
  @MainActor
  public static func install() {
    guard sourceID == 0 else { return }
    let fd = dispatchMainQueueHandle()
    // Reading the eventfd must never block the UI thread.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    sourceID = g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
      var counter: UInt64 = 0
      // Reset the eventfd first so a block queued while draining re-arms it.
      _ = read(fd, &counter, MemoryLayout<UInt64>.size)
      dispatchMainQueueDrain(nil)
      return hark_source_continue()
    }, nil)
  }

  /// Whether `install()` has run.
  @MainActor
  public static var isInstalled: Bool { sourceID != 0 }
}
