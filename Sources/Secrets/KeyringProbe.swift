import CGLib
import CSecret
import Dispatch
import HarkCore
import Synchronization

/// `KeyringSecretStore.probe`: connect, ask the Secret Service for its
/// collections, and answer false at the deadline whatever is still pending.
enum KeyringProbe {
  static func run(timeout: Duration) async -> Bool {
    let cancellable = Cancellable()
    return await withCheckedContinuation { continuation in
      let answer = Answer(continuation)
      // Serial queues, not DispatchQueue.global(): libdispatch watches its
      // global pool with a once-a-second timer, forever, after the first
      // use. A queue of its own per probe, so one probe stuck until its
      // deadline never delays the next.
      DispatchQueue(label: "hark.keyring-probe").async {
        answer.give(ask(cancellable, timeout: timeout))
      }
      KeyringDeadlines.queue.asyncAfter(deadline: .now() + timeout.seconds) {
        answer.give(false)
        cancellable.cancel()
      }
    }
  }

  /// Blocking: true when org.freedesktop.secrets answers a Secret Service call.
  private static func ask(_ cancellable: Cancellable, timeout: Duration) -> Bool {
    guard let connection = try? KeyringConnection.sessionBus(cancellable, timeout: timeout) else {
      return false
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, "org.freedesktop.secrets", "/org/freedesktop/secrets", "org.freedesktop.DBus.Properties",
      "Get", hark_secret_service_property_args("Collections"), nil, G_DBUS_CALL_FLAGS_NONE,
      gint(timeout.seconds * 1000), cancellable.pointer, &error)
    if let error { g_error_free(error) }
    guard let reply else { return false }
    g_variant_unref(reply)
    return true
  }

  /// Resumes the continuation with the first answer only.
  private final class Answer: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
      self.continuation = Mutex(continuation)
    }

    func give(_ value: Bool) {
      continuation.withLock { pending in
        pending?.resume(returning: value)
        pending = nil
      }
    }
  }
}
