import CAdw
import Foundation
import CGtk
import GObjectKit
import HarkCore

/// "“Title” deleted — Undo" over the window while a deleted download can
/// still come back (`downloadUndoTime`), wherever it was deleted from.
@MainActor
final class DownloadUndoToast {
  private let overlay: Widget
  private let store: Store
  private var toast: OpaquePointer?
  private var subscription: Subscription?

  init(overlay: Widget, store: Store) {
    self.overlay = overlay
    self.store = store
    subscription = store.subscribe(selectDownloadUndo) { [weak self] in self?.render($0) }
  }

  private func render(_ text: String?) {
    if let toast {
      adw_toast_dismiss(toast)
      g_object_unref(UnsafeMutableRawPointer(toast))
      self.toast = nil
    }
    guard let text else { return }
    // The book's title comes from the server: text, never markup.
    let toast = literalToast(text)
    adw_toast_set_button_label(toast, tr("Undo"))
    adw_toast_set_timeout(toast, UInt32(downloadUndoTime.components.seconds))
    Signals.connect(toast, "button-clicked") { [weak self] in self?.store.dispatch(.downloads(.deleteUndone)) }
    g_object_ref(UnsafeMutableRawPointer(toast))
    adw_toast_overlay_add_toast(overlay.opaque, toast)
    self.toast = toast
  }
}
