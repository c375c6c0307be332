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
  private let store: Store
  private let rows = RowsGroup(title: tr("Recent Servers"))
  var widget: Widget { rows.widget }

  init(store: Store) {
    self.store = store
    widget.setVisible(false)
  }

  /// Rows change in place: the count of places kept for a server arrives
  /// moments after start and changes its subtitle, and another server
  /// signed out of meanwhile joins the list; the listener who tabbed onto a
  /// row's Connect keeps the focus there through both.
  func render(_ recent: [RecentServerRow]) {
    rows.setRows(items: recent, id: { $0.id }, makeRow)
    widget.setVisible(!recent.isEmpty)
  }

  private func makeRow(_ server: RecentServerRow) -> RowsGroup.Made<RecentServerRow> {
    var shown = server
    let row = adw_action_row_new()!
    let connect = gtk_button_new_with_label(tr("Connect"))!
    gtk_widget_set_valign(connect, GTK_ALIGN_CENTER)
    Signals.connect(connect, "clicked") { [weak self] in
      self?.store.dispatch(.connections(.addressSubmitted(shown.address.absoluteString)))
    }
    adw_action_row_add_suffix(row.cast(AdwActionRow.self), connect)
    let show = { (server: RecentServerRow) in
      shown = server
      row.setRowTitle(server.name)
      row.setRowSubtitle(server.subtitle)
      connect.setAccessibleLabel(trFormat("Connect to %@", server.name))
    }
    show(server)
    return RowsGroup.Made(row, update: show)
  }
}
