import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Shows a new API key's secret once, selectable and copyable. Closing it
/// drops the secret from the store (it stays in the keyring).
@MainActor
final class APIKeyRevealDialog {
  private let store: Store
  private let parent: () -> Widget?
  private var dialog: Widget?
  private var subscription: Subscription?

  init(store: Store, parent: @escaping () -> Widget?) {
    self.store = store
    self.parent = parent
    subscription = store.subscribe(selectRevealedAPIKey) { [weak self] in self?.render($0) }
  }

  private func render(_ revealed: RevealedAPIKey?) {
    guard let revealed, dialog == nil else { return }
    let dialog = adw_message_dialog_new(
      parent()?.cast(GtkWindow.self), tr("API Key Created"),
      trFormat("Copy the key for “%@” now: Hark will not show it again.", revealed.label))!
    let secret = Make.label(revealed.secret, classes: "monospace")
    gtk_label_set_selectable(OpaquePointer(secret), 1)
    gtk_label_set_wrap(OpaquePointer(secret), 1)
    gtk_label_set_wrap_mode(OpaquePointer(secret), PANGO_WRAP_CHAR)
    secret.setAccessibleLabel(tr("API key secret"))
    // Copy is a button of its own rather than a dialog response: libadwaita
    // 1.2 names response buttons twice for screen readers ("Copy Copy").
    let copy = Form.pillButton(tr("Copy to Clipboard"))
    Signals.connect(copy, "clicked") {
      gdk_clipboard_set_text(gtk_widget_get_clipboard(dialog), revealed.secret)
      gtk_button_set_label(copy.cast(GtkButton.self), tr("Copied"))
    }
    let message = dialog.cast(AdwMessageDialog.self)
    adw_message_dialog_set_extra_child(message, Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, secret, copy))
    adw_message_dialog_add_response(message, "done", tr("Done"))
    adw_message_dialog_set_close_response(message, "done")
    Signals.connect(dialog, "response") { [weak self] (_: UnsafeMutableRawPointer?) in
      self?.dialog = nil
      self?.store.dispatch(.connections(.revealedAPIKeyDismissed))
    }
    self.dialog = dialog
    gtk_window_present(dialog.cast(GtkWindow.self))
  }
}
