import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Preferences' "Library Folders": the folders on this computer whose books
/// show under This Computer, each with a remove button, and a way to add
/// another or scan them again.
@MainActor
final class LibraryFoldersGroup {
  private let rows: RowsGroup
  private let store: Store
  private var chooser: LibraryFolderChooser?
  private var subscription: Subscription?

  var widget: Widget { rows.widget }

  init(store: Store, window: Widget) {
    self.store = store
    rows = RowsGroup(
      title: tr("Library Folders"),
      description: tr("Hark shows the audiobooks in these folders under This Computer, and looks again when they change."))
    let add = gtk_button_new_with_label(tr("Add Folder…"))!
    add.addClasses("pill")
    let rescan = gtk_button_new_with_label(tr("Scan Again"))!
    rescan.addClasses("pill")
    let buttons = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    gtk_widget_set_margin_top(buttons, 12)
    gtk_box_append(buttons.cast(GtkBox.self), add)
    gtk_box_append(buttons.cast(GtkBox.self), rescan)
    let footer = adw_preferences_group_new()!
    adw_preferences_group_add(footer.cast(AdwPreferencesGroup.self), buttons)
    self.footer = footer
    chooser = LibraryFolderChooser(store: store, parent: window, followsRequests: false)
    Signals.connect(add, "clicked") { [weak self] in self?.chooser?.open() }
    Signals.connect(rescan, "clicked") { [weak self] in self?.store.dispatch(.localLibrary(.rescanRequested)) }
    subscription = store.subscribe(selectLibraryFolders) { [weak self] in self?.render($0) }
  }

  /// The Add and Scan Again buttons, in a group of their own under the list.
  let footer: Widget

  private func render(_ folders: [LibraryFolderRow]) {
    guard !folders.isEmpty else {
      rows.setRows([RowsGroup.statusRow(tr("No library folders"))])
      return
    }
    rows.setRows(items: folders) { folder in
      let remove = RowsGroup.iconButton("list-remove-symbolic", label: trFormat("Remove “%@”", folder.name))
      let id = folder.id
      Signals.connect(remove, "clicked") { [weak self] in self?.store.dispatch(.localLibrary(.folderRemoved(id))) }
      let row = RowsGroup.row(folder.name, subtitle: folder.detail, suffixes: [remove])
      adw_action_row_set_icon_name(row.cast(AdwActionRow.self), "folder-symbolic")
      return row
    }
  }
}
