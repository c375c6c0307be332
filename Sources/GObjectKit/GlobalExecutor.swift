import CConcurrencyHook

/// Makes `WorkerPool.shared` the Swift global concurrent executor.
///
/// The Swift runtime calls `swift_task_enqueueGlobal_hook`, when set, for
/// every job bound for the global executor: the default actors' turns,
/// `nonisolated` async functions, `Task.detached`, `Task {}` outside an
/// actor. This is the runtime's long-standing hook for hosts that run Swift
/// concurrency on their own threads (JavaScriptKit sets it to run jobs on
/// the browser's event loop). The main actor is untouched: its jobs still go
/// to libdispatch's main queue, drained by `MainLoopBridge`.
///
/// Not covered by the hook: `Task.sleep`, which in Swift 6.2 and later
/// schedules straight on libdispatch (use `MainLoopSleep.sleep(for:)`), and
/// direct `DispatchQueue.global()` or `DispatchQueue.concurrentPerform` calls
/// (use a serial `DispatchQueue(label:)`, which libdispatch runs on threads
/// it does not watch, `Task.detached`, or `DedicatedThreads`).
public enum GlobalExecutor {
  private typealias Enqueue = @convention(thin) (UnownedJob) -> Void
  private typealias EnqueueHook = @convention(thin) (UnownedJob, Enqueue) -> Void

  /// Installs the hook. Call first thing in `main`, before any task starts;
  /// calling it again changes nothing. False when the runtime has no such hook (then
  /// the global executor stays libdispatch's, which works, only less quietly).
  @discardableResult
  public static func install() -> Bool {
    guard let slot = hookSlot else { return false }
    let hook: EnqueueHook = { job, _ in WorkerPool.shared.add(job) }
    slot.storeBytes(of: unsafeBitCast(hook, to: UnsafeRawPointer.self), as: UnsafeRawPointer.self)
    return true
  }

  /// Whether the global executor's jobs go to `WorkerPool.shared`.
  public static var isInstalled: Bool {
    hookSlot?.load(as: UnsafeRawPointer?.self) != nil
  }

  /// The runtime's hook variable (a function pointer, null when unset),
  /// found at link time: a static Swift runtime hides it from dlsym.
  private static var hookSlot: UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(hark_enqueue_global_hook_slot())
  }
}
