import CAdw
import CGtk
import GObjectKit
import HarkCore

/// All Books: a library's books as a cover grid or a list, sorted by title,
/// author or when they were added, read a page at a time as you scroll.
@MainActor
final class BookListBrowser {
  let widget: Widget
  private let store: Store
  private let covers: CoverLoader
  private let title: Widget
  private let sort: Widget
  private let layoutButton: Widget
  private let clearFilter: Widget
  /// "Could not load more books" under a grid that has some already.
  private let moreFailed: Widget
  private let moreFailedLabel: Widget
  private let content: Widget
  private let failure: Widget
  private var grid: VirtualList!
  private var list: VirtualList!
  private var tiles: [BookTile] = []
  private var shown: BookListView?
  private static let sorts: [(BookSort, String)] = [(.title, tr("Title")), (.author, tr("Author")), (.recent, tr("Recently Added"))]

  private var subscription: Subscription?

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    let back = Make.iconButton("go-previous-symbolic", tooltip: tr("Back"))
    title = Make.label("", classes: "heading")
    gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
    gtk_widget_set_hexpand(title, 1)
    gtk_label_set_xalign(title.opaque, 0)
    let names = Self.sorts.map { strdup($0.1) } + [nil]
    sort = names.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress)! }
    names.forEach { free($0) }
    sort.setAccessibleLabel(tr("Sort By"))
    // The part that takes the keyboard is GTK's own toggle inside the drop
    // down, which a screen reader called "GtkToggleButton".
    sort.firstDescendant(ofType: gtk_toggle_button_get_type())?.setAccessibleLabel(tr("Sort By"))
    gtk_widget_set_tooltip_text(sort, tr("Sort By"))
    layoutButton = Make.iconButton("view-list-symbolic", tooltip: tr("Show as List"))
    clearFilter = gtk_button_new_with_label(tr("Show All"))!
    gtk_widget_set_tooltip_text(clearFilter, tr("Show All Books in This Library"))
    clearFilter.addClasses("flat")
    let bar = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, back, title, clearFilter, sort, layoutButton)
    bar.addClasses("toolbar")

    failure = StatusPages.make(icon: "network-error-symbolic", title: tr("Could Not Load the Books"), button: tr("Try Again"))
    let empty = StatusPages.make(icon: "accessories-dictionary-symbolic", title: tr("No Books Here"))
    content = gtk_stack_new()!
    gtk_widget_set_vexpand(content, 1)
    gtk_stack_add_named(content.opaque, Skeleton.tiles(side: BookTileView.coverSize), "loading-grid")
    gtk_stack_add_named(content.opaque, Skeleton.rows(), "loading-list")
    gtk_stack_add_named(content.opaque, failure, "failed")
    gtk_stack_add_named(content.opaque, empty, "empty")
    moreFailedLabel = Make.label("", classes: "hark-inline-error")
    gtk_label_set_wrap(moreFailedLabel.opaque, 1)
    gtk_widget_set_hexpand(moreFailedLabel, 1)
    gtk_label_set_xalign(moreFailedLabel.opaque, 0)
    let moreRetry = gtk_button_new_with_label(tr("Try Again"))!
    gtk_widget_set_valign(moreRetry, GTK_ALIGN_CENTER)
    moreFailed = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, moreFailedLabel, moreRetry)
    moreFailed.addClasses("toolbar")
    gtk_widget_set_visible(moreFailed, 0)
    widget = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 0, bar, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), content, moreFailed)

    let more: @MainActor () -> Void = { [weak self] in self?.store.dispatch(.library(.moreBooksRequested)) }
    grid = VirtualList(
      accessibleLabel: tr("Books"), grid: true, nearEnd: more,
      makeRow: { BookTileView().widget },
      bind: { [weak self] cell, position in self?.bindTile(cell, position) },
      activate: { [weak self] position in self?.open(position) })
    grid.listView.addClasses("hark-book-grid")
    list = VirtualList(
      accessibleLabel: tr("Books"), nearEnd: more,
      makeRow: { ListRow().widget },
      bind: { [weak self] row, position in self?.bindRow(row, position) },
      activate: { [weak self] position in self?.open(position) })
    list.listView.addClasses("navigation-sidebar")
    gtk_stack_add_named(content.opaque, grid.widget, "grid")
    gtk_stack_add_named(content.opaque, list.widget, "list")

    Signals.connect(back, "clicked") { [weak self] in self?.store.dispatch(.library(.allBooksClosed)) }
    Signals.connect(layoutButton, "clicked") { [weak self] in
      guard let self, let shown = self.shown else { return }
      self.store.dispatch(.library(.layoutChanged(shown.layout == .grid ? .list : .grid)))
    }
    Signals.connect(sort, "notify::selected") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self else { return }
      let index = Int(gtk_drop_down_get_selected(self.sort.opaque))
      guard Self.sorts.indices.contains(index) else { return }
      self.store.dispatch(.library(.bookSortChanged(Self.sorts[index].0)))
    }
    for retry in [StatusPages.button(of: failure), moreRetry] {
      Signals.connect(retry, "clicked") { [weak self] in self?.store.dispatch(.library(.booksRetryRequested)) }
    }
    Signals.connect(clearFilter, "clicked") { [weak self] in
      self?.store.dispatch(.library(.bookFilterChanged(author: nil, series: nil)))
    }
    subscription = store.subscribe(memoized(libraryListsInput, bookListView(from:))) { [weak self] in self?.render($0) }
  }

  private func render(_ view: BookListView?) {
    guard let view else { return }
    let previous = shown
    shown = view
    title.setLabelText(view.filter ?? view.title)
    clearFilter.setVisible(view.filter != nil)
    if case .failed(let message) = view.status, !view.tiles.isEmpty {
      moreFailedLabel.setLabelText(trFormat("Could not load more books. %@", view.offline ?? message))
      moreFailed.setVisible(true)
    } else {
      moreFailed.setVisible(false)
    }
    if let index = Self.sorts.firstIndex(where: { $0.0 == view.sort }),
      gtk_drop_down_get_selected(sort.opaque) != UInt32(index)
    {
      gtk_drop_down_set_selected(sort.opaque, UInt32(index))
    }
    let toList = view.layout == .grid
    gtk_button_set_icon_name(layoutButton.cast(GtkButton.self), toList ? "view-list-symbolic" : "view-grid-symbolic")
    let label = toList ? tr("Show as List") : tr("Show as Grid")
    gtk_widget_set_tooltip_text(layoutButton, label)
    layoutButton.setAccessibleLabel(label)

    let restarted = previous?.sort != view.sort || previous?.title != view.title || previous?.filter != view.filter
    tiles = view.tiles
    // Only the layout on screen holds the books; the other is kept empty
    // so it builds no cells.
    let (active, idle) = view.layout == .grid ? (grid!, list!) : (list!, grid!)
    if previous?.layout != view.layout { idle.update([]) }
    if restarted { active.update([]) }
    active.update(view.tiles.map(\.id))
    if restarted { active.scrollToTop() }
    switch view.status {
    case .failed(let message) where view.tiles.isEmpty:
      StatusPages.showFailure(failure, title: tr("Could Not Load the Books"), message: message, offline: view.offline)
      gtk_stack_set_visible_child_name(content.opaque, "failed")
    case .loading where view.tiles.isEmpty:
      gtk_stack_set_visible_child_name(content.opaque, view.layout == .grid ? "loading-grid" : "loading-list")
    default:
      let name = view.tiles.isEmpty && view.complete ? "empty" : view.layout == .grid ? "grid" : "list"
      gtk_stack_set_visible_child_name(content.opaque, name)
    }
  }

  private func bindTile(_ cell: Widget, _ position: Int) {
    guard tiles.indices.contains(position) else { return }
    BookTileView(cell).show(tiles[position], covers: covers)
  }

  private func bindRow(_ row: Widget, _ position: Int) {
    guard tiles.indices.contains(position) else { return }
    let tile = tiles[position]
    ListRow(row).show(
      iconName: "accessories-dictionary-symbolic", title: tile.title, subtitle: tile.subtitle, book: tile.target,
      covers: covers, needsServer: tile.needsServer)
  }

  private func open(_ position: Int) {
    guard tiles.indices.contains(position) else { return }
    store.dispatch(.library(.bookOpened(tiles[position].target)))
  }
}
