import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Library page's content once a server is connected: the overview of
/// servers and libraries, the folder being browsed, or search results, under
/// a search bar (Ctrl+F, "/", or the header's search button).
@MainActor
public final class LibraryPage {
  public let widget: Widget
  private let store: Store
  private let overview: LibraryOverview
  private let folders: FolderBrowser
  private let results: SearchResults
  private let books: BookListBrowser
  private let stack: Widget
  private let searchBar: Widget
  private let searchEntry: Widget
  private var focusRequestsSeen = 0
  private var subscriptions: [Subscription] = []

  init(store: Store, covers: CoverLoader) {
    self.store = store
    overview = LibraryOverview(store: store)
    folders = FolderBrowser(store: store, covers: covers)
    results = SearchResults(store: store, covers: covers)
    books = BookListBrowser(store: store, covers: covers)
    stack = gtk_stack_new()!
    gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    // Sized by the shown view only: a homogeneous stack measures all four
    // (the hidden browsers' lists too) whenever the page is laid out; its
    // first layout, when a scan's first books arrive, held the main loop
    // for up to 33 ms at a time, 18-23 ms without.
    gtk_stack_set_hhomogeneous(stack.opaque, 0)
    gtk_stack_set_vhomogeneous(stack.opaque, 0)
    gtk_stack_add_named(stack.opaque, overview.widget, "home")
    gtk_stack_add_named(stack.opaque, folders.widget, "folder")
    gtk_stack_add_named(stack.opaque, results.widget, "search")
    gtk_stack_add_named(stack.opaque, books.widget, "books")
    gtk_widget_set_vexpand(stack, 1)
    searchEntry = gtk_search_entry_new()!
    // GTK 4.8 has no setter for a search entry's placeholder; the property is there.
    searchEntry.setStringProperty("placeholder-text", tr("Search all servers"))
    searchEntry.setAccessibleLabel(tr("Search"))
    gtk_widget_set_hexpand(searchEntry, 1)
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(clamp.opaque, 500)
    adw_clamp_set_child(clamp.opaque, searchEntry)
    searchBar = gtk_search_bar_new()!
    gtk_search_bar_set_child(searchBar.opaque, clamp)
    gtk_search_bar_connect_entry(searchBar.opaque, searchEntry.opaque)
    gtk_search_bar_set_show_close_button(searchBar.opaque, 1)
    // GTK names the close button by its icon ("GtkImage").
    if let close = searchBar.firstDescendant(ofType: gtk_button_get_type(), skipping: searchEntry) {
      close.setAccessibleLabel(tr("Close Search"))
      gtk_widget_set_tooltip_text(close, tr("Close Search"))
    }
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, searchBar, stack)

    Signals.connect(searchEntry, "changed") { [weak self] in
      guard let self else { return }
      let text = String(cString: gtk_editable_get_text(self.searchEntry.opaque))
      self.store.dispatch(.library(.searchChanged(text)))
    }
    // Escape in the entry, or the close button.
    Signals.connect(searchBar, "notify::search-mode-enabled") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self, gtk_search_bar_get_search_mode(self.searchBar.opaque) == 0 else { return }
      self.store.dispatch(.library(.searchClosed))
    }
    subscriptions.append(store.subscribe({ LibraryPage.shown($0) }) { [weak self] in self?.show($0) })
    subscriptions.append(store.subscribe(memoized(libraryListsInput, searchView(from:))) { [weak self] in self?.render($0) })
  }

  private static func shown(_ s: AppState) -> String {
    // Not selectSearch: that builds every result row, at every dispatch.
    if selectSearchIsShown(s) { return "search" }
    if s.library.bookList != nil { return "books" }
    return s.library.folder != nil ? "folder" : "home"
  }

  private func show(_ name: String) {
    gtk_stack_set_visible_child_name(stack.opaque, name)
  }

  private func render(_ search: SearchView?) {
    let open = search != nil
    let opening = open && gtk_search_bar_get_search_mode(searchBar.opaque) == 0
    if (gtk_search_bar_get_search_mode(searchBar.opaque) != 0) != open {
      gtk_search_bar_set_search_mode(searchBar.opaque, open ? 1 : 0)
    }
    guard let search else {
      if gtk_editable_get_text(searchEntry.opaque).map({ String(cString: $0) }) != "" {
        gtk_editable_set_text(searchEntry.opaque, "")
      }
      return
    }
    // Focus the entry when search opens or is asked for again (Ctrl+F),
    // not on every answer: a listener moving through the results must keep
    // their place.
    if opening || search.focusRequests != focusRequestsSeen { gtk_widget_grab_focus(searchEntry) }
    focusRequestsSeen = search.focusRequests
    if String(cString: gtk_editable_get_text(searchEntry.opaque)) != search.query {
      gtk_editable_set_text(searchEntry.opaque, search.query)
    }
    results.show(search.content)
  }

}
