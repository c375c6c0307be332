import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// Preferences → Downloads Folder: where new downloads go, and a button to
/// choose another folder (the file chooser portal under Flatpak). Books
/// already downloaded stay where they are and keep playing.
@MainActor
final class DownloadsFolderRow {
  let widget: Widget
  private let store: Store
  private var chooser: OpaquePointer?
  private var subscription: Subscription?

  init(store: Store) {
    self.store = store
    widget = adw_action_row_new()!
    widget.setRowTitle(tr("Downloads Folder"))
    let choose = gtk_button_new_with_label(tr("Choose…"))!
    gtk_widget_set_valign(choose, GTK_ALIGN_CENTER)
    choose.setAccessibleLabel(tr("Choose the Downloads Folder"))
    adw_action_row_add_suffix(widget.cast(AdwActionRow.self), choose)
    Signals.connect(choose, "clicked") { [weak self] in self?.choose() }
    subscription = store.subscribe({ $0.downloads.root?.path ?? "" }) { [weak self] path in
      self?.widget.setRowSubtitle(path.isEmpty ? tr("Not set yet") : path)
    }
  }

  private func choose() {
    let parent = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    let chooser = gtk_file_chooser_native_new(
      tr("Choose the Downloads Folder"), parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Choose"), tr("_Cancel"))!
    self.chooser = chooser
    gtk_native_dialog_set_modal(UnsafeMutableRawPointer(chooser).assumingMemoryBound(to: GtkNativeDialog.self), 1)
    Signals.connect(UnsafeMutableRawPointer(chooser), "response") { [weak self] (response: UInt32) in
      guard let self, let chooser = self.chooser else { return }
      defer {
        g_object_unref(UnsafeMutableRawPointer(chooser))
        self.chooser = nil
      }
      // A gint response, carried as its bit pattern.
      guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(OpaquePointer(UnsafeMutableRawPointer(chooser)))
      else { return }
      defer { g_object_unref(UnsafeMutableRawPointer(file)) }
      guard let path = g_file_get_path(file) else { return }
      defer { g_free(path) }
      self.store.dispatch(.downloads(.folderChosen(URL(fileURLWithPath: String(cString: path), isDirectory: true))))
    }
    gtk_native_dialog_show(UnsafeMutableRawPointer(chooser).assumingMemoryBound(to: GtkNativeDialog.self))
  }
}
