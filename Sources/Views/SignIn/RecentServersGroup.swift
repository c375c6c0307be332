import CAdw
import CGtk
import GObjectKit
import HarkCore

/// "Recent Servers" on the address step of Add Server: servers signed out of
/// earlier, each one click from signing in again with its address filled,
/// and saying so when this computer keeps places for it that the next
/// sign-in sends.
@MainActor
final class RecentServersGroup {
  let widget: Widget
  private let store: Store
  private var rows: [Widget] = []
  private var shown: [RecentServerRow] = []

  init(store: Store) {
    self.store = store
    widget = adw_preferences_group_new()
    widget.setGroupTitle(tr("Recent Servers"))
    gtk_widget_set_visible(widget, 0)
  }

  func render(_ recent: [RecentServerRow]) {
    guard recent != shown else { return }
    shown = recent
    let group = widget.cast(AdwPreferencesGroup.self)
    for row in rows { adw_preferences_group_remove(group, row) }
    rows = recent.map(makeRow)
    for row in rows { adw_preferences_group_add(group, row) }
    widget.setVisible(!recent.isEmpty)
  }

  private func makeRow(_ server: RecentServerRow) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(server.name)
    row.setRowSubtitle(server.subtitle)
    let connect = gtk_button_new_with_label(tr("Connect"))!
    gtk_widget_set_valign(connect, GTK_ALIGN_CENTER)
    connect.setAccessibleLabel(trFormat("Connect to %@", server.name))
    let address = server.address.absoluteString
    Signals.connect(connect, "clicked") { [weak self] in
      self?.store.dispatch(.connections(.addressSubmitted(address)))
    }
    adw_action_row_add_suffix(row.cast(AdwActionRow.self), connect)
    return row
  }
}
