import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The strip under the header bar for what needs the listener's attention:
/// signed out (with Reconnect), offline, no keyring. libadwaita 1.2 has no
/// AdwBanner, so this is a revealer styled like one.
@MainActor
public final class BannerBar {
  public let widget: Widget
  private let store: Store
  private let message: Widget
  private let button: Widget
  private var action: Action?
  private var subscription: Subscription?

  public init(store: Store) {
    self.store = store
    message = Make.label("")
    gtk_label_set_wrap(OpaquePointer(message), 1)
    gtk_label_set_justify(OpaquePointer(message), GTK_JUSTIFY_CENTER)
    gtk_widget_set_hexpand(message, 1)
    button = gtk_button_new()
    button.addClasses("suggested-action")
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, message, button)
    row.addClasses("hark-banner")
    widget = gtk_revealer_new()
    gtk_revealer_set_child(OpaquePointer(widget), row)
    Signals.connect(button, "clicked") { [weak self] in
      guard let self, let action = self.action else { return }
      self.store.dispatch(action)
    }
    subscription = store.subscribe(selectBanner) { [weak self] in self?.render($0) }
  }

  private func render(_ banner: BannerState?) {
    if let banner {
      message.setLabelText(banner.message)
      gtk_button_set_label(button.cast(GtkButton.self), banner.actionLabel ?? "")
      button.setVisible(banner.actionLabel != nil)
      action = banner.action
    }
    gtk_revealer_set_reveal_child(OpaquePointer(widget), banner == nil ? 0 : 1)
  }
}
