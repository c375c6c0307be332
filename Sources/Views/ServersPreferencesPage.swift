import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// Preferences → Servers: every connected server with Sign Out (which
/// revokes the session on the server) and, once signed out elsewhere,
/// Reconnect with the address filled in.
@MainActor
final class ServersPreferencesPage {
  let page: Widget
  private let store: Store
  private let group: Widget
  private var rows: [Widget] = []
  private var subscription: Subscription?
  private var storageSubscription: Subscription?
  private let storage: SignInStorageGroup
  private var apiKeys: APIKeysGroups?

  init(store: Store) {
    self.store = store
    page = adw_preferences_page_new()
    adw_preferences_page_set_title(page.cast(AdwPreferencesPage.self), tr("Servers"))
    adw_preferences_page_set_icon_name(page.cast(AdwPreferencesPage.self), "network-server-symbolic")
    group = adw_preferences_group_new()
    storage = SignInStorageGroup(store: store)
    group.setGroupTitle(tr("Connected Servers"))
    let add = gtk_button_new_from_icon_name("list-add-symbolic")!
    add.addClasses("flat")
    gtk_widget_set_tooltip_text(add, tr("Connect to a Server"))
    add.setAccessibleLabel(tr("Connect to a Server"))
    adw_preferences_group_set_header_suffix(group.cast(AdwPreferencesGroup.self), add)
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), group.cast(AdwPreferencesGroup.self))
    Signals.connect(add, "clicked") { [weak self] in self?.store.dispatch(.connections(.addServerRequested)) }
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), storage.group.cast(AdwPreferencesGroup.self))
    subscription = store.subscribe(selectLibraryOverview) { [weak self] in self?.render($0) }
    storageSubscription = store.subscribe(selectSignInStorage) { [weak self] in self?.render($0) }
    apiKeys = APIKeysGroups(store: store, page: page)
  }

  private func render(_ sections: [ServerSection]) {
    for row in rows { adw_preferences_group_remove(group.cast(AdwPreferencesGroup.self), row) }
    rows = sections.isEmpty ? [emptyRow()] : sections.map(makeRow)
    for row in rows { adw_preferences_group_add(group.cast(AdwPreferencesGroup.self), row) }
  }

  private func render(_ storage: SignInStorage) {
    group.setGroupDescription(storage.description)
    self.storage.render(storage)
  }

  private func emptyRow() -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(tr("No servers yet"))
    return row
  }

  private func makeRow(_ section: ServerSection) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(section.title)
    let state = section.status == .signedOut ? tr("signed out") : section.status == .offline ? tr("offline") : ""
    row.setRowSubtitle(section.subtitle + (state.isEmpty ? "" : " · " + state))
    let id = section.id
    if section.status == .signedOut {
      let reconnect = button(tr("Reconnect"), classes: "suggested-action", accessible: trFormat("Reconnect to %@", section.title))
      Signals.connect(reconnect, "clicked") { [weak self] in
        self?.store.dispatch(.connections(.reconnectRequested(serverID: id)))
      }
      adw_action_row_add_suffix(row.cast(AdwActionRow.self), reconnect)
    }
    let signOut = button(tr("Sign Out"), classes: "destructive-action", accessible: trFormat("Sign Out of %@", section.title))
    let name = section.title
    Signals.connect(signOut, "clicked") { [weak self] in
      guard let self else { return }
      SignOutQuestion.signOut(serverID: id, name: name, store: self.store, from: signOut)
    }
    adw_action_row_add_suffix(row.cast(AdwActionRow.self), signOut)
    return row
  }

  private func button(_ label: String, classes: String, accessible: String) -> Widget {
    let button = gtk_button_new_with_label(label)!
    button.addClasses(classes)
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    button.setAccessibleLabel(accessible)
    return button
  }
}
