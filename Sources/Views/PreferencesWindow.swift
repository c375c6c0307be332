import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Preferences: playback settings as spin rows (libadwaita 1.2 has no
/// AdwSpinRow, so each row carries a GtkSpinButton suffix).
///
/// Values come from the store and go back as `.settings(.changed)`; the
/// reducer clamps them and the App persists them to GSettings.
///
/// Built each time Preferences opens and destroyed when it closes: GTK 4.8
/// crashes when a screen reader asks the application for a window past the
/// shown ones and the last window it knows is a hidden one.
@MainActor
public final class PreferencesWindow {
  /// GTK owns it until it closes; the owner lets this object go as it
  /// closes, so nothing here touches the window after.
  public let window: Widget
  private let store: Store
  private var spins: [(SettingsKey, Widget)] = []
  private var switches: [(SettingsKey, Widget)] = []
  private var subscription: Subscription?
  private var servers: ServersPreferencesPage?
  private var revealDialog: APIKeyRevealDialog?
  private var downloadsFolder: DownloadsFolderRow?
  private var libraryFolders: LibraryFoldersGroup?

  private struct Row {
    let key: SettingsKey
    let title: String
    let subtitle: String
  }

  private static let groups: [(title: String, rows: [Row])] = [
    (tr("Skipping"), [
      Row(key: .skipBackSeconds, title: tr("Skip Back"), subtitle: tr("Seconds the skip back button jumps")),
      Row(key: .skipForwardSeconds, title: tr("Skip Forward"), subtitle: tr("Seconds the skip forward button jumps")),
    ]),
    (tr("Resuming"), [
      Row(key: .autoRewindSeconds, title: tr("Auto-Rewind"),
          subtitle: tr("At most this many seconds replayed when you resume; longer pauses replay more. 0 turns it off")),
    ]),
    (tr("Playback"), [
      Row(key: .defaultSpeed, title: tr("Default Speed"), subtitle: tr("For books you have not set a speed for")),
      Row(key: .virtualChapterMinutes, title: tr("Chapter Length for Books Without Chapters"),
          subtitle: tr("Minutes per chapter when a long book has no chapter marks")),
      Row(key: .playNextBook, title: tr("Play the Next Book"),
          subtitle: String(
            format: trPlural(
              "When a book ends, the next one in its folder starts after %d second",
              "When a book ends, the next one in its folder starts after %d seconds", UpNext.countdown),
            UpNext.countdown)),
      Row(key: .playInBackground, title: tr("Keep Playing When Closed"),
          subtitle: tr("Closing the window does not stop the book; open Hark again or use the media controls to return")),
    ]),
    (tr("Downloads"), [
      Row(key: .simultaneousDownloads, title: tr("Books Downloaded at Once"),
          subtitle: tr("The others wait their turn, first asked, first downloaded")),
      Row(key: .downloadOnMetered, title: tr("Download on Metered Connections"),
          subtitle: tr("Off, downloads wait while the connection is paid by the byte, such as a phone's hotspot")),
    ]),
  ]

  /// - Parameter onClose: called as the window closes, to let it go.
  public init(store: Store, parent: Widget, onClose: @escaping @MainActor () -> Void) {
    self.store = store
    window = adw_preferences_window_new()
    gtk_window_set_transient_for(window.cast(GtkWindow.self), parent.cast(GtkWindow.self))
    gtk_window_set_modal(window.cast(GtkWindow.self), 1)
    gtk_window_set_default_size(window.cast(GtkWindow.self), 600, 560)
    adw_preferences_window_set_search_enabled(window.cast(AdwPreferencesWindow.self), 0)

    let playback = Self.page(tr("Playback"), icon: "media-playback-start-symbolic")
    let downloads = Self.page(tr("Downloads"), icon: "folder-download-symbolic")
    for group in Self.groups {
      let groupWidget = adw_preferences_group_new()!
      groupWidget.setGroupTitle(group.title)
      for row in group.rows { adw_preferences_group_add(groupWidget.cast(AdwPreferencesGroup.self), makeRow(row)) }
      let isDownloads = group.title == tr("Downloads")
      if isDownloads {
        groupWidget.setGroupDescription(
          tr("Books downloaded before you change the folder stay where they are and keep playing."))
        let folder = DownloadsFolderRow(store: store)
        adw_preferences_group_add(groupWidget.cast(AdwPreferencesGroup.self), folder.widget)
        downloadsFolder = folder
      }
      adw_preferences_page_add((isDownloads ? downloads : playback).cast(AdwPreferencesPage.self), groupWidget.cast(AdwPreferencesGroup.self))
    }
    let library = Self.page(tr("Library"), icon: "folder-symbolic")
    let folders = LibraryFoldersGroup(store: store, window: window)
    adw_preferences_page_add(library.cast(AdwPreferencesPage.self), folders.widget.cast(AdwPreferencesGroup.self))
    adw_preferences_page_add(library.cast(AdwPreferencesPage.self), folders.footer.cast(AdwPreferencesGroup.self))
    libraryFolders = folders
    adw_preferences_window_add(window.cast(AdwPreferencesWindow.self), playback.cast(AdwPreferencesPage.self))
    adw_preferences_window_add(window.cast(AdwPreferencesWindow.self), library.cast(AdwPreferencesPage.self))
    adw_preferences_window_add(window.cast(AdwPreferencesWindow.self), downloads.cast(AdwPreferencesPage.self))
    let servers = ServersPreferencesPage(store: store)
    adw_preferences_window_add(window.cast(AdwPreferencesWindow.self), servers.page.cast(AdwPreferencesPage.self))
    self.servers = servers
    revealDialog = APIKeyRevealDialog(store: store) { [weak self] in self?.window }
    connectWidgets()
    subscription = store.subscribe(selectSettings) { [weak self] in self?.render($0) }
    // The owner lets this object go; then GTK destroys the window.
    Signals.connectReturningBool(window, "close-request") {
      onClose()
      return false
    }
  }

  private static func page(_ title: String, icon: String) -> Widget {
    let page = adw_preferences_page_new()!
    adw_preferences_page_set_title(page.cast(AdwPreferencesPage.self), title)
    adw_preferences_page_set_icon_name(page.cast(AdwPreferencesPage.self), icon)
    return page
  }

  /// A spin button for a number, a switch for an on/off setting.
  private func makeRow(_ row: Row) -> Widget {
    if row.key.isSwitch {
      let toggle = gtk_switch_new()!
      switches.append((row.key, toggle))
      return actionRow(row, control: toggle)
    }
    let range = row.key.range
    let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, row.key.step)!
    gtk_spin_button_set_digits(spin.opaque, row.key == .defaultSpeed ? 2 : 0)
    spins.append((row.key, spin))
    return actionRow(row, control: spin)
  }

  private func actionRow(_ row: Row, control: Widget) -> Widget {
    gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
    let rowWidget = adw_action_row_new()!
    rowWidget.setRowTitle(row.title)
    rowWidget.setRowSubtitle(row.subtitle)
    adw_action_row_add_suffix(rowWidget.cast(AdwActionRow.self), control)
    // The row labels its activatable widget for assistive technologies.
    adw_action_row_set_activatable_widget(rowWidget.cast(AdwActionRow.self), control)
    return rowWidget
  }

  private func connectWidgets() {
    for (key, toggle) in switches {
      Signals.connect(toggle, "notify::active") { [weak self] (_: UnsafeMutableRawPointer?) in
        let on = gtk_switch_get_active(toggle.opaque) != 0
        self?.store.dispatch(.settings(.changed(key, on ? 1 : 0)))
      }
    }
    for (key, spin) in spins {
      Signals.connect(spin, "value-changed") { [weak self] in
        let value = gtk_spin_button_get_value(spin.opaque)
        self?.store.dispatch(.settings(.changed(key, value)))
      }
    }
  }

  private func render(_ settings: Settings) {
    for (key, toggle) in switches {
      let on: gboolean = settings.value(for: key) >= 0.5 ? 1 : 0
      if gtk_switch_get_active(toggle.opaque) != on { gtk_switch_set_active(toggle.opaque, on) }
    }
    for (key, spin) in spins {
      let value = settings.value(for: key)
      let button = spin.opaque
      if gtk_spin_button_get_value(button) != value { gtk_spin_button_set_value(button, value) }
    }
  }

  public func present() {
    // Fresh key lists each time Preferences opens.
    store.dispatch(.connections(.preferencesOpened))
    gtk_window_present(window.cast(GtkWindow.self))
  }
}
