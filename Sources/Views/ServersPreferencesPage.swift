import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// Preferences → Servers: every server signed in to, with Sign Out (which
/// revokes the session on the server) and, once signed out elsewhere,
/// Reconnect with the address filled in; a server signed out of whose
/// places could not be sent says so, with Sign In to send them. The group
/// is "Your Servers", as GNOME Settings says "Your Accounts": not all of
/// them are connected.
@MainActor
final class ServersPreferencesPage {
  let page: Widget
  private let store: Store
  private let rows = RowsGroup(title: tr("Your Servers"))
  private var group: Widget { rows.widget }
  private var subscription: Subscription?
  private var storageSubscription: Subscription?
  private let storage: SignInStorageGroup
  private var apiKeys: APIKeysGroups?

  init(store: Store) {
    self.store = store
    page = adw_preferences_page_new()
    adw_preferences_page_set_title(page.cast(AdwPreferencesPage.self), tr("Servers"))
    adw_preferences_page_set_icon_name(page.cast(AdwPreferencesPage.self), "network-server-symbolic")
    storage = SignInStorageGroup(store: store)
    let add = gtk_button_new_from_icon_name("list-add-symbolic")!
    add.addClasses("flat")
    gtk_widget_set_tooltip_text(add, tr("Connect to a Server"))
    add.setAccessibleLabel(tr("Connect to a Server"))
    adw_preferences_group_set_header_suffix(group.cast(AdwPreferencesGroup.self), add)
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), group.cast(AdwPreferencesGroup.self))
    Signals.connect(add, "clicked") { [weak self] in self?.store.dispatch(.connections(.addServerRequested)) }
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), storage.group.cast(AdwPreferencesGroup.self))
    subscription = store.subscribe(selectServersPreferences) { [weak self] in self?.render($0) }
    storageSubscription = store.subscribe(selectSignInStorage) { [weak self] in self?.render($0) }
    apiKeys = APIKeysGroups(store: store, page: page)
  }

  /// Rows change in place (a server going offline, its places sent), so
  /// the keyboard focus on a row's button stays.
  private func render(_ servers: [ServerPreferencesRow]) {
    rows.setRows(for: .loaded(servers), loading: "", empty: tr("No servers yet"), makeRow)
  }

  private func render(_ storage: SignInStorage) {
    group.setGroupDescription(storage.description)
    self.storage.render(storage)
  }

  private func makeRow(_ server: ServerPreferencesRow) -> RowsGroup.Made<ServerPreferencesRow> {
    var shown = server
    let row = RowsGroup.row(server.title)
    let reconnect = button(tr("Reconnect"), classes: "suggested-action")
    Signals.connect(reconnect, "clicked") { [weak self] in
      self?.store.dispatch(.connections(.reconnectRequested(serverID: shown.id)))
    }
    let signIn = button(tr("Sign In"), classes: "suggested-action")
    Signals.connect(signIn, "clicked") { [weak self] in
      guard case .signedOutHere(let address) = shown.status else { return }
      self?.store.dispatch(.connections(.addressSubmitted(address.absoluteString)))
    }
    let signOut = button(tr("Sign Out"), classes: "destructive-action")
    Signals.connect(signOut, "clicked") { [weak self] in
      guard let self else { return }
      SignOutQuestion.signOut(serverID: shown.id, name: shown.title, store: self.store, from: signOut)
    }
    for suffix in [reconnect, signIn, signOut] { adw_action_row_add_suffix(row.cast(AdwActionRow.self), suffix) }
    let show = { (server: ServerPreferencesRow) in
      shown = server
      row.setRowTitle(server.title)
      row.setRowSubtitle([server.subtitle, server.unsent].compactMap { $0 }.joined(separator: "\n"))
      reconnect.setAccessibleLabel(trFormat("Reconnect to %@", server.title))
      signIn.setAccessibleLabel(trFormat("Sign In to %@", server.title))
      signOut.setAccessibleLabel(trFormat("Sign Out of %@", server.title))
      reconnect.setVisible(server.status == .signedOutElsewhere)
      let signedOutHere = if case .signedOutHere = server.status { true } else { false }
      signIn.setVisible(signedOutHere)
      signOut.setVisible(!signedOutHere)
    }
    show(server)
    return RowsGroup.Made(row, update: show)
  }

  private func button(_ label: String, classes: String) -> Widget {
    let button = gtk_button_new_with_label(label)!
    button.addClasses(classes)
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return button
  }
}
