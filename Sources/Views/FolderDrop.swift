import CGtk
import GObjectKit
import HarkCore

/// A folder dragged from Files onto the window becomes a library folder, in
/// place (Hark never copies or moves a listener's books).
@MainActor
enum FolderDrop {
  static func attach(to window: Widget, store: Store) {
    guard let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY) else { return }
    Signals.connectReturningBool(target, "drop") { [weak store] (value: UnsafeMutableRawPointer?, _: Double, _: Double) in
      guard let store, let value,
        let list = g_value_get_boxed(value.assumingMemoryBound(to: GValue.self))
      else { return false }
      var folders: [String] = []
      // The list is ours to free (its files are the value's).
      let files = gdk_file_list_get_files(OpaquePointer(list))
      defer { g_slist_free(files) }
      var node = files
      while let current = node {
        let file = OpaquePointer(current.pointee.data)
        if g_file_query_file_type(file, G_FILE_QUERY_INFO_NONE, nil) == G_FILE_TYPE_DIRECTORY,
          let path = g_file_get_path(file)
        {
          folders.append(String(cString: path))
          g_free(path)
        }
        node = current.pointee.next
      }
      for folder in folders { store.dispatch(.localLibrary(.folderChosen(folder))) }
      return !folders.isEmpty
    }
    gtk_widget_add_controller(window, target)
  }
}
