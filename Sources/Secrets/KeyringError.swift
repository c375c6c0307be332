import CGLib
import CSecret
import HarkCore

/// Maps the GErrors of libsecret and GDBus to `SecretStoreError`: anything
/// that means "there is no usable keyring right now" (no bus, no Secret
/// Service on it, a locked keyring whose unlock prompt was cancelled) is
/// `.unavailable`; the rest is `.failed`.
enum KeyringError {
  /// Maps and frees `error`. A nil error means libsecret reported failure
  /// without one, which it does when an unlock prompt is dismissed.
  static func take(_ error: UnsafeMutablePointer<GError>?, while action: String) -> SecretStoreError {
    guard let error else {
      return .unavailable("\(action): the keyring stayed locked")
    }
    defer { g_error_free(error) }
    return map(domain: error.pointee.domain, code: error.pointee.code, message: describe(error, while: action))
  }

  /// "action: message (domain, code)" for the developer-facing detail.
  static func describe(_ error: UnsafeMutablePointer<GError>, while action: String) -> String {
    let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    let domain = g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "?"
    return "\(action): \(message) (\(domain) \(error.pointee.code))"
  }

  static func map(domain: GQuark, code: Int32, message: String) -> SecretStoreError {
    let codes: Set<UInt32>
    switch domain {
    case g_dbus_error_quark(): codes = unavailableDBusErrors
    case g_io_error_quark(): codes = unavailableIOErrors
    case secret_error_get_quark(): codes = [SECRET_ERROR_IS_LOCKED.rawValue]
    default: codes = []
    }
    return code >= 0 && codes.contains(UInt32(code)) ? .unavailable(message) : .failed(message)
  }

  /// The bus or the service is missing, unreachable or not answering.
  private static let unavailableDBusErrors: Set<UInt32> = Set(
    [
      G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_NO_REPLY,
      G_DBUS_ERROR_IO_ERROR, G_DBUS_ERROR_BAD_ADDRESS, G_DBUS_ERROR_NO_SERVER,
      G_DBUS_ERROR_NO_NETWORK, G_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_TIMED_OUT,
      G_DBUS_ERROR_DISCONNECTED, G_DBUS_ERROR_FILE_NOT_FOUND, G_DBUS_ERROR_ACCESS_DENIED,
      G_DBUS_ERROR_AUTH_FAILED, G_DBUS_ERROR_SPAWN_EXEC_FAILED, G_DBUS_ERROR_SPAWN_FORK_FAILED,
      G_DBUS_ERROR_SPAWN_CHILD_EXITED, G_DBUS_ERROR_SPAWN_CHILD_SIGNALED,
      G_DBUS_ERROR_SPAWN_FAILED, G_DBUS_ERROR_SPAWN_SETUP_FAILED,
      G_DBUS_ERROR_SPAWN_CONFIG_INVALID, G_DBUS_ERROR_SPAWN_SERVICE_INVALID,
      G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND, G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID,
      G_DBUS_ERROR_SPAWN_FILE_INVALID, G_DBUS_ERROR_SPAWN_NO_MEMORY,
    ].map(\.rawValue))

  /// Connecting failed (no socket, refused, closed), timed out, or the
  /// operation was cancelled, which is also how a cancelled prompt ends.
  private static let unavailableIOErrors: Set<UInt32> = Set(
    [
      G_IO_ERROR_CANCELLED, G_IO_ERROR_NOT_FOUND, G_IO_ERROR_CONNECTION_REFUSED,
      G_IO_ERROR_CLOSED, G_IO_ERROR_BROKEN_PIPE, G_IO_ERROR_CONNECTION_CLOSED,
      G_IO_ERROR_NOT_CONNECTED, G_IO_ERROR_TIMED_OUT, G_IO_ERROR_HOST_UNREACHABLE,
      G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_PERMISSION_DENIED,
    ].map(\.rawValue))
}
