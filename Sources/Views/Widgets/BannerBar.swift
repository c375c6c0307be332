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
  /// The further choices: a menu button whose popover lists them (they do
  /// not fit beside the message on a phone).
  private let choices: Widget
  private let choiceList: Widget
  private let popover: Widget
  private var shownChoices: [BannerChoice] = []
  private var shownMessage: String?
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
    choiceList = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    popover = gtk_popover_new()
    gtk_popover_set_child(popover.cast(GtkPopover.self), choiceList)
    choices = gtk_menu_button_new()
    gtk_menu_button_set_label(OpaquePointer(choices), tr("Other Choices"))
    gtk_menu_button_set_popover(OpaquePointer(choices), popover)
    gtk_widget_set_valign(choices, GTK_ALIGN_CENTER)
    let buttons = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, button, choices)
    gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
    let row = Announcements.alertBox(GTK_ORIENTATION_HORIZONTAL, spacing: 12, message, buttons)
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
      if banner.message != shownMessage { Announcements.announce(banner.message, from: widget) }
      gtk_button_set_label(button.cast(GtkButton.self), banner.actionLabel ?? "")
      button.setVisible(banner.actionLabel != nil)
      action = banner.action
      show(banner.choices)
    }
    shownMessage = banner?.message
    gtk_revealer_set_reveal_child(OpaquePointer(widget), banner == nil ? 0 : 1)
  }

  private func show(_ wanted: [BannerChoice]) {
    choices.setVisible(!wanted.isEmpty)
    guard wanted != shownChoices else { return }
    shownChoices = wanted
    while let child = gtk_widget_get_first_child(choiceList) { gtk_box_remove(choiceList.cast(GtkBox.self), child) }
    for choice in wanted {
      let button = gtk_button_new_with_label(choice.label)!
      button.addClasses("flat")
      Signals.connect(button, "clicked") { [weak self] in
        guard let self else { return }
        gtk_popover_popdown(self.popover.cast(GtkPopover.self))
        switch choice.command {
        case .dispatch(let actions): actions.forEach { self.store.dispatch($0) }
        case .signOut(let serverID, let name):
          SignOutQuestion.signOut(serverID: serverID, name: name, store: self.store, from: self.widget)
        }
      }
      gtk_box_append(choiceList.cast(GtkBox.self), button)
    }
  }
}
