import CGLib
import Foundation
import HarkCore

/// Inside a Flatpak, an app that goes on working with no window open asks
/// the desktop first, through the Background portal: GNOME may otherwise
/// stop it as a background app. Outside a sandbox there is no one to ask.
@MainActor
final class BackgroundPortal {
  private let connection: OpaquePointer
  private var asked = false

  /// Nil outside a Flatpak, or without a session bus.
  init?(connection: OpaquePointer?) {
    guard let connection, Self.isSandboxed else { return nil }
    self.connection = connection
  }

  /// Flatpak sets FLATPAK_ID in the app's environment and writes
  /// /.flatpak-info into its sandbox.
  static var isSandboxed: Bool {
    ProcessInfo.processInfo.environment["FLATPAK_ID"] != nil || FileManager.default.fileExists(atPath: "/.flatpak-info")
  }

  /// Asks once per run, when the window first closes on a playing book.
  /// The answer comes as a Request signal that Hark does not wait for:
  /// the book plays on either way, and a refusal is the desktop's to
  /// carry out (the place is saved every few seconds regardless).
  func requestBackground() {
    guard !asked else { return }
    asked = true
    let options = Variant.dictionary([
      ("reason", Variant.string(tr("Hark plays on while its window is closed."))),
      ("autostart", Variant.bool(false)),
    ])
    g_dbus_connection_call(
      connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
      "org.freedesktop.portal.Background", "RequestBackground", Variant.tuple([Variant.string(""), options]),
      nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil)
  }
}
