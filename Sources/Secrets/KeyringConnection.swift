import CGLib
import CSecret
import Dispatch
import HarkCore
import Synchronization

/// One store's SecretService proxy, opened on first use and reopened after
/// the keyring daemon goes away or restarts. Touched only on the store's
/// serial queue.
///
/// libsecret always talks over GIO's shared session bus connection (one per
/// process, made from `DBUS_SESSION_BUS_ADDRESS` when first needed). It is
/// opened here first, under a deadline, so a dead or silent bus fails fast
/// instead of hanging the store's queue.
final class KeyringConnection: @unchecked Sendable {
  /// How long connecting and authenticating to the session bus may take.
  static let connectTimeout: Duration = .milliseconds(1500)

  /// Where the proxy's D-Bus signals are dispatched: drained by each call on
  /// the store's queue, so none of this work lands on the GTK main loop.
  private let context: OpaquePointer
  private var service: UnsafeMutablePointer<SecretService>?
  /// The unique bus name that owned the service when it was opened: a
  /// restarted keyring daemon does not know the old transfer session.
  private var owner: String?

  init() {
    context = g_main_context_new()
  }

  deinit {
    close()
    g_main_context_unref(context)
  }

  /// Runs `body` with an open service, opening one first if needed.
  func withService<T>(
    _ cancellable: Cancellable,
    _ body: (UnsafeMutablePointer<SecretService>) throws(SecretStoreError) -> T
  ) throws(SecretStoreError) -> T {
    g_main_context_push_thread_default(context)
    defer { g_main_context_pop_thread_default(context) }
    while g_main_context_iteration(context, 0) != 0 {}
    let service = try openService(cancellable)
    do {
      return try body(service)
    } catch {
      // Start afresh next time: the daemon or its session may be gone.
      close()
      throw error
    }
  }

  func close() {
    if let service { g_object_unref(service) }
    service = nil
    owner = nil
  }

  private func openService(_ cancellable: Cancellable) throws(SecretStoreError) -> UnsafeMutablePointer<SecretService> {
    if let service {
      if let current = Self.owner(of: service), current == owner { return service }
      close()
    }
    let bus = try Self.sessionBus(cancellable)
    defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
    var error: UnsafeMutablePointer<GError>?
    guard
      let service = secret_service_open_sync(
        secret_service_get_type(), nil, SECRET_SERVICE_OPEN_SESSION, cancellable.pointer, &error)
    else {
      throw KeyringError.take(error, while: "Opening the Secret Service")
    }
    self.service = service
    owner = Self.owner(of: service)
    return service
  }

  private static func owner(of service: UnsafeMutablePointer<SecretService>) -> String? {
    let proxy = UnsafeMutableRawPointer(service).assumingMemoryBound(to: GDBusProxy.self)
    guard g_dbus_connection_is_closed(g_dbus_proxy_get_connection(proxy)) == 0,
      let name = g_dbus_proxy_get_name_owner(proxy)
    else { return nil }
    defer { g_free(name) }
    return String(cString: name)
  }

  /// GIO's shared session bus connection (a new reference), connecting first
  /// if needed; gives up after `timeout` or when `cancellable` fires.
  static func sessionBus(
    _ cancellable: Cancellable, timeout: Duration = connectTimeout
  ) throws(SecretStoreError) -> OpaquePointer {
    // The deadline cancels the operation's cancellable: if it fires, the
    // operation fails anyway. The lock makes "connected" and "timed out" exclusive.
    let deadline = Deadline()
    KeyringDeadlines.queue.asyncAfter(deadline: .now() + timeout.seconds) {
      deadline.state.withLock { state in
        guard !state.finished else { return }
        state.fired = true
        cancellable.cancel()
      }
    }
    var error: UnsafeMutablePointer<GError>?
    let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, cancellable.pointer, &error)
    let timedOut = deadline.state.withLock { state in
      state.finished = true
      return state.fired
    }
    if timedOut {
      if let error { g_error_free(error) }
      if let bus { g_object_unref(UnsafeMutableRawPointer(bus)) }
      throw .unavailable("Connecting to the session bus timed out")
    }
    guard let bus else {
      // Whatever went wrong (no address, autolaunch impossible, refused...),
      // there is no session bus to reach a keyring through.
      let detail = error.map { KeyringError.describe($0, while: "Connecting to the session bus") }
      if let error { g_error_free(error) }
      throw .unavailable(detail ?? "Connecting to the session bus failed")
    }
    return bus
  }

  private final class Deadline: Sendable {
    let state = Mutex<(finished: Bool, fired: Bool)>((false, false))
  }
}
