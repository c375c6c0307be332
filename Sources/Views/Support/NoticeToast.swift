import CAdw
import CGtk
import GObjectKit

/// A notice told once, as a toast and to a screen reader: each new serial
/// is shown; the first one seen is only remembered, since what was there
/// before the window was made is not news.
@MainActor
struct NoticeToast {
  private let overlay: Widget
  private let seconds: UInt32
  private var told: Int?

  init(on overlay: Widget, seconds: UInt32) {
    self.overlay = overlay
    self.seconds = seconds
  }

  /// Shows `text` if `serial` is new (nil text: nothing to tell).
  mutating func tell(_ text: String?, serial: Int) {
    defer { told = serial }
    guard let told, serial != told, let text else { return }
    let toast = literalToast(text)
    adw_toast_set_timeout(toast, seconds)
    adw_toast_overlay_add_toast(overlay.opaque, toast)
    Announcements.announce(text, from: overlay)
  }
}
