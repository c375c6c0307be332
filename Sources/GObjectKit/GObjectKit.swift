// GObjectKit: the thin layer between Swift and GObject.
//
// - `ObjectRef` owns one GObject reference (take vs retain) and drops it on
//   deinit, so a Swift value's lifetime is the reference's lifetime.
// - `Signals` connects Swift closures to GObject signals. GLib owns each
//   closure box and releases it in the handler's destroy notify, so a closure
//   lives exactly as long as its handler: no leak when the object dies, no
//   use-after-free when the token outlives the object.
// - `MainLoopBridge` lets the GLib main loop drain libdispatch's main queue,
//   which is where the Swift main actor runs its jobs. Without it, `await` on
//   the main actor never resumes while `g_application_run` owns the thread.
// - `GlobalExecutor` sends the Swift global concurrent executor's jobs to
//   `WorkerPool`, threads Hark owns, instead of libdispatch's global pool,
//   whose monitor wakes the process every second for good once used;
//   `MainLoopSleep` is `Task.sleep` on a GLib timeout for the same reason.
//   The rule for all Hark code: no `DispatchQueue.global()` or
//   `concurrentPerform`; blocking work goes to `Task.detached` (a
//   `hark-worker` thread), a serial `DispatchQueue(label:)` or, for long
//   loops, threads of its own (`DedicatedThreads`), never the main loop.
