import CGLib
import Dispatch
import HarkCore

/// Runs blocking work (libsecret's `_sync` calls, file I/O) on one private
/// serial queue and awaits it, so the caller's thread, the GTK main thread
/// included, never waits on the keyring or the disk.
struct BlockingQueue: Sendable {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func run<T: Sendable>(
    _ body: @escaping @Sendable () throws(SecretStoreError) -> T
  ) async throws(SecretStoreError) -> T {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<T, SecretStoreError>, Never>) in
      queue.async { continuation.resume(returning: Result(catching: body)) }
    }
    return try result.get()
  }

  /// Like `run`, with a GCancellable that is cancelled when the calling task is.
  func run<T: Sendable>(
    _ body: @escaping @Sendable (Cancellable) throws(SecretStoreError) -> T
  ) async throws(SecretStoreError) -> T {
    let cancellable = Cancellable()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, SecretStoreError>, Never>) in
        queue.async {
          continuation.resume(returning: Result { () throws(SecretStoreError) -> T in try body(cancellable) })
        }
      }
    } onCancel: {
      cancellable.cancel()
    }
    return try result.get()
  }
}

/// A GCancellable that can cross threads (GCancellable itself is thread-safe).
final class Cancellable: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<GCancellable>

  init() {
    pointer = g_cancellable_new()
  }

  deinit {
    g_object_unref(pointer)
  }

  func cancel() {
    g_cancellable_cancel(pointer)
  }
}
