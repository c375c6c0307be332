import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Library page inside a library: breadcrumbs back up the path and the
/// folder's sub-folders and books in one virtualized list, with loading,
/// empty and error states.
@MainActor
final class FolderBrowser {
  let widget: Widget
  private let store: Store
  private let covers: CoverLoader
  private let crumbBar: Widget
  private let content: Widget
  private let failure: Widget
  private var list: VirtualList!
  private var rows: [FolderRow] = []
  private var shown: FolderView?
  /// The folder whose rows the list holds.
  private var listed: LibraryPath?
  /// The last return to a row that took the focus (`CameBackFrom.serial`).
  private var focusedReturn: Int?
  private var subscription: Subscription?
  private var filterBar: FolderFilterBar!
  /// Folders shorter than this show no filter box or A–Z jump.
  private static let filterThreshold = 20

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    let back = Make.iconButton("go-previous-symbolic", tooltip: tr("Back"))
    // On a narrow window every crumb shrinks (ellipsized) rather than the
    // path scrolling out of view: where you are always stays visible.
    crumbBar = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
    gtk_widget_set_hexpand(crumbBar, 1)
    let allBooks = Make.iconButton("view-grid-symbolic", tooltip: tr("All Books in This Library"))
    let bar = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, back, crumbBar, allBooks)
    bar.addClasses("toolbar")

    let loading = Skeleton.rows()
    failure = StatusPages.make(icon: "network-error-symbolic", title: tr("Could Not Open This Folder"), button: tr("Try Again"))
    let empty = StatusPages.make(
      icon: "folder-symbolic", title: tr("This Folder Is Empty"), description: tr("Books added here on the server appear here."))
    content = gtk_stack_new()!
    gtk_stack_add_named(content.opaque, loading, "loading")
    gtk_stack_add_named(content.opaque, failure, "failed")
    gtk_stack_add_named(content.opaque, empty, "empty")
    let noMatch = StatusPages.make(
      icon: "edit-find-symbolic", title: tr("No Matches"), description: tr("Nothing in this folder matches the filter."))
    gtk_stack_add_named(content.opaque, noMatch, "no-match")
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, bar, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    filterBar = FolderFilterBar(
      filterChanged: { [weak self] text in self?.store.dispatch(.library(.folderFilterChanged(text))) },
      jump: { [weak self] row in self?.list.scrollToItem(row) })
    gtk_widget_set_visible(filterBar.widget, 0)
    widget.append(filterBar.widget)
    widget.append(content)

    list = VirtualList(
      accessibleLabel: tr("Folder contents"),
      makeRow: { ListRow().widget },
      bind: { [weak self] widget, position in self?.bind(widget, position) },
      activate: { [weak self] position in self?.open(position) })
    list.listView.addClasses("navigation-sidebar")
    gtk_stack_add_named(content.opaque, list.widget, "list")

    Signals.connect(back, "clicked") { [weak self] in self?.goUp() }
    Signals.connect(allBooks, "clicked") { [weak self] in
      guard let self, let location = self.shown?.location else { return }
      self.store.dispatch(.library(.allBooksOpened(serverID: location.serverID, libraryID: location.libraryID)))
    }
    Signals.connect(StatusPages.button(of: failure), "clicked") { [weak self] in
      guard let self, let location = self.shown?.location else { return }
      self.store.dispatch(.library(.retryRequested(location)))
    }
    subscription = store.subscribe(memoized(libraryListsInput, folderView(from:))) { [weak self] in self?.render($0) }
  }

  private func render(_ view: FolderView?) {
    guard let view else { return }
    if view.crumbs != shown?.crumbs { renderCrumbs(view.crumbs) }
    let refiltered = shown?.filter != view.filter
    shown = view
    switch view.rows {
    case .loading:
      filterBar.widget.setVisible(false)
      gtk_stack_set_visible_child_name(content.opaque, "loading")
    case .failed(let message):
      filterBar.widget.setVisible(false)
      StatusPages.showFailure(failure, title: tr("Could Not Open This Folder"), message: message, offline: view.offline)
      gtk_stack_set_visible_child_name(content.opaque, "failed")
    case .loaded(let loaded):
      filterBar.widget.setVisible(view.unfilteredCount >= Self.filterThreshold || !view.filter.isEmpty)
      filterBar.render(filter: view.filter, jumps: view.jumps)
      rows = loaded
      // Another folder starts afresh at its top; GTK would otherwise keep
      // its scroll anchor near where the old folder's clicked row was.
      let sameFolder = listed == view.location
      listed = view.location
      if !sameFolder { list.update([]) }
      list.update(loaded.map(\.id))
      // A new filter shows its first match first, too.
      if !sameFolder || refiltered { list.scrollToTop() }
      // Back from a book or a sub-folder: focus on its row, as in Files.
      // A folder just opened: on its first row, where the listener reads
      // on (not on whatever held it, often the mini-player's button).
      if let came = view.cameBackFrom, came.serial != focusedReturn,
        let index = loaded.firstIndex(where: { $0.target == came.target })
      {
        focusedReturn = came.serial
        MainContext.invoke { [weak self] in self?.list.focusItem(index) }
      } else if !sameFolder, !loaded.isEmpty {
        MainContext.invoke { [weak self] in self?.list.focusRows() }
      }
      let emptyName = view.unfilteredCount > 0 ? "no-match" : "empty"
      gtk_stack_set_visible_child_name(content.opaque, loaded.isEmpty ? emptyName : "list")
    }
  }

  private func renderCrumbs(_ crumbs: [Breadcrumb]) {
    while let child = gtk_widget_get_first_child(crumbBar) { gtk_box_remove(crumbBar.cast(GtkBox.self), child) }
    for (index, crumb) in crumbs.enumerated() {
      if index > 0 { gtk_box_append(crumbBar.cast(GtkBox.self), Make.label("/", classes: "dim-label")) }
      if index == crumbs.count - 1 {
        let current = Make.label(crumb.title, classes: "heading")
        gtk_label_set_ellipsize(current.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_set_margin_start(current, 6)
        gtk_box_append(crumbBar.cast(GtkBox.self), current)
      } else {
        let label = Make.label(crumb.title)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        let button = gtk_button_new()!
        gtk_button_set_child(button.cast(GtkButton.self), label)
        button.setAccessibleLabel(crumb.title)
        gtk_widget_set_tooltip_text(button, crumb.title)
        button.addClasses("flat")
        let target = crumb.target
        Signals.connect(button, "clicked") { [weak self] in self?.store.dispatch(.library(.folderOpened(target))) }
        gtk_box_append(crumbBar.cast(GtkBox.self), button)
      }
    }
  }

  private func bind(_ widget: Widget, _ position: Int) {
    guard rows.indices.contains(position) else { return }
    let row = rows[position]
    ListRow(widget).show(
      iconName: row.kind == .folder ? "folder-symbolic" : "accessories-dictionary-symbolic",
      title: row.title, subtitle: row.subtitle, opens: row.kind == .folder,
      book: row.kind == .book ? row.target : nil, covers: covers, needsServer: row.needsServer)
  }

  private func open(_ position: Int) {
    guard rows.indices.contains(position) else { return }
    let row = rows[position]
    store.dispatch(.library(row.kind == .folder ? .folderOpened(row.target) : .bookOpened(row.target)))
  }

  /// Up one folder; from a library's root, back to the overview.
  private func goUp() {
    guard let crumbs = shown?.crumbs, crumbs.count > 1 else {
      store.dispatch(.library(.homeRequested))
      return
    }
    store.dispatch(.library(.folderOpened(crumbs[crumbs.count - 2].target)))
  }
}
