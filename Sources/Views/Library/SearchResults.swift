import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Search results across every server: one row per book (the best copy,
/// saying where else it is), with loading, no-results and error states.
@MainActor
final class SearchResults {
  let widget: Widget
  private let store: Store
  private let covers: CoverLoader
  private let none: Widget
  private let failed: Widget
  private var list: VirtualList!
  private var rows: [SearchRow] = []

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    let loading = Skeleton.rows(6)
    none = StatusPages.make(icon: "system-search-symbolic", title: tr("No Results"))
    failed = StatusPages.make(icon: "network-error-symbolic", title: tr("Search Failed"))
    widget = gtk_stack_new()!
    gtk_stack_add_named(widget.opaque, loading, "loading")
    gtk_stack_add_named(widget.opaque, none, "none")
    gtk_stack_add_named(widget.opaque, failed, "failed")
    list = VirtualList(
      accessibleLabel: tr("Search results"),
      makeRow: { ListRow().widget },
      bind: { [weak self] widget, position in self?.bind(widget, position) },
      activate: { [weak self] position in self?.open(position) })
    list.listView.addClasses("navigation-sidebar")
    gtk_stack_add_named(widget.opaque, list.widget, "results")
  }

  func show(_ content: SearchView.Content) {
    switch content {
    case .prompt, .loading:
      gtk_stack_set_visible_child_name(widget.opaque, "loading")
    case .noResults(let message):
      none.setStatusDescription(message)
      gtk_stack_set_visible_child_name(widget.opaque, "none")
    case .failed(let message):
      failed.setStatusDescription(message)
      gtk_stack_set_visible_child_name(widget.opaque, "failed")
    case .results(let results):
      rows = results
      list.update(results.map(\.id))
      gtk_stack_set_visible_child_name(widget.opaque, "results")
    }
  }

  private func bind(_ widget: Widget, _ position: Int) {
    guard rows.indices.contains(position) else { return }
    let row = rows[position]
    ListRow(widget).show(
      iconName: "accessories-dictionary-symbolic", title: row.title,
      subtitle: [row.subtitle, row.location].filter { !$0.isEmpty }.joined(separator: " · "), book: row.target,
      covers: covers)
  }

  private func open(_ position: Int) {
    guard rows.indices.contains(position) else { return }
    store.dispatch(.library(.bookOpened(rows[position].target)))
  }
}
