import CGtk
import GObjectKit
import HarkCore

/// The Library page's content once a server is connected: the overview of
/// servers and libraries, or the folder being browsed.
@MainActor
public final class LibraryPage {
  public let widget: Widget
  private let overview: LibraryOverview
  private let folders: FolderBrowser
  private var subscription: Subscription?

  public init(store: Store) {
    overview = LibraryOverview(store: store)
    folders = FolderBrowser(store: store)
    widget = gtk_stack_new()!
    gtk_stack_set_transition_type(widget.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_add_named(widget.opaque, overview.widget, "home")
    gtk_stack_add_named(widget.opaque, folders.widget, "folder")
    subscription = store.subscribe({ $0.library.folder != nil }) { [weak self] browsing in
      guard let self else { return }
      gtk_stack_set_visible_child_name(self.widget.opaque, browsing ? "folder" : "home")
    }
  }
}
