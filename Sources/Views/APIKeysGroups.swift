import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Preferences → Servers → "API Keys": each server's personal keys with
/// Revoke, and a row to create one (its secret is shown once by
/// `APIKeyRevealDialog`).
@MainActor
final class APIKeysGroups {
  private let store: Store
  private let page: Widget
  private var groups: [Widget] = []
  private var subscription: Subscription?

  init(store: Store, page: Widget) {
    self.store = store
    self.page = page
    subscription = store.subscribe(selectAPIKeySections) { [weak self] in self?.render($0) }
  }

  private func render(_ sections: [APIKeysSection]) {
    let preferencesPage = page.cast(AdwPreferencesPage.self)
    for group in groups { adw_preferences_page_remove(preferencesPage, group.cast(AdwPreferencesGroup.self)) }
    groups = sections.map(makeGroup)
    for group in groups { adw_preferences_page_add(preferencesPage, group.cast(AdwPreferencesGroup.self)) }
  }

  private func makeGroup(_ section: APIKeysSection) -> Widget {
    let group = adw_preferences_group_new()!
    let adwGroup = group.cast(AdwPreferencesGroup.self)
    group.setGroupTitle(trFormat("API Keys for %@", section.serverName))
    group.setGroupDescription(tr("For scripts and other apps. A key's secret is shown once."))
    let serverID = section.id
    switch section.keys {
    case .loading:
      adw_preferences_group_add(adwGroup, Self.row(tr("Loading keys…")))
    case .failed(let message):
      adw_preferences_group_add(adwGroup, Self.row(tr("Could not load the keys"), subtitle: message))
    case .loaded(let keys):
      for key in keys {
        let row = Self.row(key.label, subtitle: trFormat("Created %@", key.created))
        let revoke = gtk_button_new_with_label(tr("Revoke"))!
        revoke.addClasses("destructive-action")
        gtk_widget_set_valign(revoke, GTK_ALIGN_CENTER)
        revoke.setAccessibleLabel(trFormat("Revoke %@", key.label))
        Signals.connect(revoke, "clicked") { [weak self] in
          self?.store.dispatch(.connections(.apiKeyRevocationRequested(serverID: serverID, id: key.id)))
        }
        adw_action_row_add_suffix(row.cast(AdwActionRow.self), revoke)
        adw_preferences_group_add(adwGroup, row)
      }
    }
    let name = Form.entryRow(tr("New Key Name"))
    let create = gtk_button_new_with_label(tr("Create"))!
    gtk_widget_set_valign(create, GTK_ALIGN_CENTER)
    create.setAccessibleLabel(tr("Create API Key"))
    adw_entry_row_add_suffix(name.cast(AdwEntryRow.self), create)
    let submit: @MainActor () -> Void = { [weak self] in
      self?.store.dispatch(.connections(.apiKeyCreationRequested(serverID: serverID, label: Form.text(of: name))))
      Form.setText(of: name, "")
    }
    Signals.connect(create, "clicked", submit)
    Signals.connect(name, "entry-activated", submit)
    adw_preferences_group_add(adwGroup, name)
    return group
  }

  private static func row(_ title: String, subtitle: String? = nil) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(title)
    if let subtitle { row.setRowSubtitle(subtitle) }
    return row
  }
}
