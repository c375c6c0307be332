import CGLib
import CSecret
import HarkCore
import XCTest

@testable import Secrets

/// The GError → SecretStoreError table, on GErrors built here.
final class KeyringErrorTests: XCTestCase {
  private func mapped(_ domain: GQuark, _ code: UInt32) -> SecretStoreError {
    KeyringError.take(g_error_new_literal(domain, gint(code), "boom"), while: "Testing")
  }

  private func isUnavailable(_ error: SecretStoreError) -> Bool {
    if case .unavailable = error { return true }
    return false
  }

  func testNoServiceOrNoBusIsUnavailable() {
    for code in [
      G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_NO_REPLY,
      G_DBUS_ERROR_DISCONNECTED, G_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_SPAWN_CHILD_EXITED,
      G_DBUS_ERROR_ACCESS_DENIED,
    ] {
      XCTAssertTrue(isUnavailable(mapped(g_dbus_error_quark(), code.rawValue)), "\(code)")
    }
    for code in [G_IO_ERROR_CONNECTION_REFUSED, G_IO_ERROR_NOT_FOUND, G_IO_ERROR_CLOSED, G_IO_ERROR_TIMED_OUT] {
      XCTAssertTrue(isUnavailable(mapped(g_io_error_quark(), code.rawValue)), "\(code)")
    }
  }

  func testLockedOrCancelledPromptIsUnavailable() {
    XCTAssertTrue(isUnavailable(mapped(secret_error_get_quark(), SECRET_ERROR_IS_LOCKED.rawValue)))
    XCTAssertTrue(isUnavailable(mapped(g_io_error_quark(), G_IO_ERROR_CANCELLED.rawValue)))
    // libsecret reports a dismissed unlock prompt as failure without a GError.
    XCTAssertTrue(isUnavailable(KeyringError.take(nil, while: "Testing")))
  }

  func testEverythingElseFailed() {
    XCTAssertEqual(
      mapped(secret_error_get_quark(), SECRET_ERROR_PROTOCOL.rawValue),
      .failed("Testing: boom (secret-error \(SECRET_ERROR_PROTOCOL.rawValue))"))
    XCTAssertFalse(isUnavailable(mapped(secret_error_get_quark(), SECRET_ERROR_NO_SUCH_OBJECT.rawValue)))
    XCTAssertFalse(isUnavailable(mapped(g_dbus_error_quark(), G_DBUS_ERROR_INVALID_ARGS.rawValue)))
    XCTAssertFalse(isUnavailable(mapped(g_io_error_quark(), G_IO_ERROR_NO_SPACE.rawValue)))
    XCTAssertFalse(isUnavailable(mapped(g_quark_from_string("some-other-domain"), 1)))
  }
}
