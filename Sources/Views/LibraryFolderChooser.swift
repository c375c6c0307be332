import CAdw
import CGtk
import GObjectKit
import HarkCore

/// "Choose a Folder…": the desktop's folder chooser (GtkFileChooserNative,
/// which goes through the file chooser portal where there is one, so it
/// works in the Flatpak). The chosen folder becomes a library folder.
@MainActor
final class LibraryFolderChooser {
  private let store: Store
  private let parent: Widget
  /// The open chooser, held until it answers.
  private var chooser: ObjectRef?
  private var subscription: Subscription?
  private var seenRequests: Int

  /// - Parameter followsRequests: open on every `.folderChooserRequested`
  ///   from now on (the main window's); otherwise only through `open()`.
  init(store: Store, parent: Widget, followsRequests: Bool = true) {
    self.store = store
    self.parent = parent
    seenRequests = store.state.localLibrary.chooserRequests
    guard followsRequests else { return }
    subscription = store.subscribe({ $0.localLibrary.chooserRequests }) { [weak self] requests in
      guard let self, requests != self.seenRequests else { return }
      self.seenRequests = requests
      self.open()
    }
  }

  func open() {
    guard chooser == nil,
      let native = gtk_file_chooser_native_new(
        tr("Choose a Library Folder"), parent.cast(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Add"),
        tr("_Cancel"))
    else { return }
    gtk_native_dialog_set_modal(native.cast(GtkNativeDialog.self), 1)
    let held = ObjectRef(taking: UnsafeMutableRawPointer(native))
    chooser = held
    // `response` carries a gint; the typed connection reads it as unsigned.
    Signals.connect(native, "response") { [weak self] (response: UInt32) in
      guard let self else { return }
      defer { self.chooser = nil }
      guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(OpaquePointer(UnsafeMutableRawPointer(native))),
        let path = g_file_get_path(file)
      else { return }
      defer {
        g_free(path)
        g_object_unref(UnsafeMutableRawPointer(file))
      }
      self.store.dispatch(.localLibrary(.folderChosen(String(cString: path))))
    }
    gtk_native_dialog_show(native.cast(GtkNativeDialog.self))
  }
}
