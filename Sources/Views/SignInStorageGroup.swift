import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Preferences → Servers → Sign-in Storage: shown only while no keyring
/// answers, with the listener's opt-in to keep sign-ins in a file only
/// they can read rather than forgetting them when Hark closes.
@MainActor
final class SignInStorageGroup {
  let group: Widget
  private let toggle: Widget
  private let row: Widget
  private let store: Store

  init(store: Store) {
    self.store = store
    group = adw_preferences_group_new()
    row = adw_action_row_new()!
    row.setRowTitle(tr("Keep Me Signed In"))
    toggle = gtk_switch_new()!
    gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
    adw_action_row_add_suffix(row.cast(AdwActionRow.self), toggle)
    // The whole row flips the switch, and gives the switch the row's name.
    adw_action_row_set_activatable_widget(row.cast(AdwActionRow.self), toggle)
    adw_preferences_group_add(group.cast(AdwPreferencesGroup.self), row)
    Signals.connect(toggle, "notify::active") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self else { return }
      let on = gtk_switch_get_active(OpaquePointer(self.toggle)) != 0
      // Rendering the stored value echoes here; the reducer ignores a no-change.
      self.store.dispatch(.connections(.keepSignInInFileToggled(on)))
    }
  }

  func render(_ storage: SignInStorage) {
    gtk_widget_set_visible(group, storage.offersFileOptIn ? 1 : 0)
    group.setGroupTitle(storage.optInTitle)
    row.setRowSubtitle(storage.optInDetail)
    gtk_switch_set_active(OpaquePointer(toggle), storage.keepsInFile ? 1 : 0)
  }
}
