import CGtk
import GObjectKit
import HarkCore

/// Files or folders dragged from Files onto the window, or copied in Files
/// and pasted with Ctrl+V, are offered to the library: the listener then
/// chooses to copy them into a library folder or add folders where they
/// are (`LibraryFolderOffer` asks). Both ways go through the same offer.
@MainActor
enum FolderDrop {
  static func attach(to window: Widget, store: Store) {
    attachDrop(to: window, store: store)
    attachPaste(to: window, store: store)
  }

  private static func attachDrop(to window: Widget, store: Store) {
    guard let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY) else { return }
    Signals.connectReturningBool(target, "drop") { [weak store] (value: UnsafeMutableRawPointer?, _: Double, _: Double) in
      guard let store, let value, let list = g_value_get_boxed(value.assumingMemoryBound(to: GValue.self)) else {
        return false
      }
      return offer(OpaquePointer(list), to: store)
    }
    gtk_widget_add_controller(window, target)
  }

  /// Ctrl+V in the bubble phase: a text field the keyboard is in pastes
  /// text itself first; the window takes the key only when the clipboard
  /// holds files (Copy in Files puts them there as a list of URIs).
  private static func attachPaste(to window: Widget, store: Store) {
    let box = Unmanaged.passRetained(PasteBox(store)).toOpaque()
    let action = gtk_callback_action_new(pastePressed, box, releasePasteBox)
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>v"), action))
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
    gtk_widget_add_controller(window, controller)
  }

  /// True when the clipboard holds files: their list is read (the owner
  /// may be another program) and offered when it arrives.
  fileprivate static func paste(_ widget: UnsafeMutablePointer<GtkWidget>, _ box: PasteBox) -> Bool {
    let clipboard = gtk_widget_get_clipboard(widget)
    guard let formats = gdk_clipboard_get_formats(clipboard),
      gdk_content_formats_contain_gtype(formats, gdk_file_list_get_type()) != 0
    else { return false }
    let request = Unmanaged.passRetained(box).toOpaque()
    gdk_clipboard_read_value_async(
      clipboard, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, nil,
      { source, result, data in
        let box = Unmanaged<PasteBox>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, &error)
        g_clear_error(&error)
        guard let value, let list = g_value_get_boxed(value) else { return }
        nonisolated(unsafe) let files = OpaquePointer(list)
        MainActor.assumeIsolated {
          guard let store = box.store else { return }
          _ = FolderDrop.offer(files, to: store)
        }
      }, request)
    return true
  }

  /// Offers what `list` (a GdkFileList) names that is on this computer.
  fileprivate static func offer(_ list: OpaquePointer, to store: Store) -> Bool {
    var items: [LocalLibraryOffer.Item] = []
    // The list is ours to free (its files are the value's).
    let files = gdk_file_list_get_files(list)
    defer { g_slist_free(files) }
    var node = files
    while let current = node {
      let file = OpaquePointer(current.pointee.data)
      if let path = g_file_get_path(file) {
        let isFolder = g_file_query_file_type(file, G_FILE_QUERY_INFO_NONE, nil) == G_FILE_TYPE_DIRECTORY
        items.append(LocalLibraryOffer.Item(path: String(cString: path), isFolder: isFolder))
        g_free(path)
      }
      node = current.pointee.next
    }
    guard !items.isEmpty else { return false }
    store.dispatch(.localLibrary(.itemsOffered(items)))
    return true
  }

  fileprivate final class PasteBox {
    weak var store: Store?
    init(_ store: Store) { self.store = store }
  }
}

private func pastePressed(_ widget: UnsafeMutablePointer<GtkWidget>?, _ arguments: OpaquePointer?, _ data: gpointer?)
  -> gboolean
{
  // GTK calls shortcuts on the main thread, where the widget and box live.
  guard let widget, let data else { return 0 }
  nonisolated(unsafe) let target = widget
  nonisolated(unsafe) let box = Unmanaged<FolderDrop.PasteBox>.fromOpaque(data).takeUnretainedValue()
  return MainActor.assumeIsolated { FolderDrop.paste(target, box) } ? 1 : 0
}

private func releasePasteBox(_ data: gpointer?) {
  if let data { Unmanaged<FolderDrop.PasteBox>.fromOpaque(data).release() }
}
