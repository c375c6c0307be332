import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// The Book page: the book's title and facts, then its chapters, in one
/// scrolling, virtualized list (a book can have thousands of chapters).
/// The details are the list's first row, so the page scrolls as one and
/// still only builds the chapter rows that are on screen.
@MainActor
public final class BookPage {
  public let widget: Widget
  private let store: Store
  private let details: BookDetails
  private let failure: Widget
  private var chapters: VirtualList!
  private var chapterRows: [ChapterRow] = []
  private var shown: BookPageView?
  /// The book whose chapters the list holds.
  private var listed: LibraryPath?
  private var subscription: Subscription?

  init(store: Store, covers: CoverLoader) {
    self.store = store
    details = BookDetails(store: store, covers: covers)
    let loading = Skeleton.book(coverSide: 112)
    failure = StatusPages.make(icon: "dialog-warning-symbolic", title: tr("Could Not Open This Book"), button: tr("Try Again"))
    widget = gtk_stack_new()!
    gtk_widget_set_vexpand(widget, 1)
    gtk_stack_add_named(widget.opaque, loading, "loading")
    gtk_stack_add_named(widget.opaque, failure, "failed")

    chapters = VirtualList(
      accessibleLabel: tr("Chapters"),
      makeRow: { Make.box(GTK_ORIENTATION_VERTICAL) },
      bind: { [weak self] slot, position in self?.bind(slot, position) },
      activate: { [weak self] position in
        // Row 0 is the book's details; chapter rows follow.
        guard let self, let target = self.shown?.target, position > 0 else { return }
        self.store.play(target, from: .chapter(position - 1))
      },
      activatable: { $0 > 0 })
    chapters.listView.addClasses("hark-chapters")
    gtk_stack_add_named(widget.opaque, chapters.widget, "book")

    Signals.connect(StatusPages.button(of: failure), "clicked") { [weak self] in
      guard let self, let target = self.shown?.target else { return }
      self.store.dispatch(.library(.retryRequested(target)))
    }
    let cache = BookPageCache()
    subscription = store.subscribe({ selectBookPage($0, now: Date(), cache: cache) }) { [weak self] in
      self?.render($0)
    }
  }

  private func render(_ view: BookPageView?) {
    guard let view else { return }
    shown = view
    switch view.status {
    case .loading:
      gtk_stack_set_visible_child_name(widget.opaque, "loading")
    case .failed(let message):
      StatusPages.showFailure(failure, title: tr("Could Not Open This Book"), message: message, offline: view.offline)
      gtk_stack_set_visible_child_name(widget.opaque, "failed")
    case .loaded:
      details.show(view)
      let sameBook = listed == view.target
      // Every second while the book plays, the rows are the same (the same
      // array, from the selector's cache): no need to list them again.
      let rowsChanged = !sameBook || view.chapters != chapterRows
      chapterRows = view.chapters
      listed = view.target
      if !sameBook { chapters.update([]) }
      if rowsChanged { chapters.update(["details"] + view.chapters.map(\.id)) }
      if !sameBook { chapters.scrollToTop() }
      gtk_stack_set_visible_child_name(widget.opaque, "book")
      // A book just opened: focus goes to its Play, not wherever it was
      // (the mini-player's Open Player, at the bottom of the window). Once
      // the page has been switched to and drawn, and only if it shows.
      if !sameBook {
        let details = details
        MainContext.invoke { if gtk_widget_get_mapped(details.widget) != 0 { details.focusMainAction() } }
      }
    }
  }

  /// Row 0 holds the one details widget; every other slot a chapter row.
  /// Slots are recycled, so each bind makes sure the slot holds the right kind.
  private func bind(_ slot: Widget, _ position: Int) {
    let child = gtk_widget_get_first_child(slot)
    if position == 0 {
      if child == details.widget { return }
      if let child { gtk_box_remove(slot.cast(GtkBox.self), child) }
      if let previous = gtk_widget_get_parent(details.widget) {
        gtk_box_remove(previous.cast(GtkBox.self), details.widget)
      }
      gtk_box_append(slot.cast(GtkBox.self), details.widget)
      gtk_widget_get_parent(slot)?.setAccessibleLabel(tr("Book details"))
      return
    }
    let row: ListRow
    if let child, child != details.widget {
      row = ListRow(child)
    } else {
      if let child { gtk_box_remove(slot.cast(GtkBox.self), child) }
      row = ListRow()
      // In line with the details' boxed list above.
      gtk_widget_set_margin_start(row.widget, 12)
      gtk_widget_set_margin_end(row.widget, 12)
      gtk_box_append(slot.cast(GtkBox.self), row.widget)
    }
    guard chapterRows.indices.contains(position - 1) else { return }
    let chapter = chapterRows[position - 1]
    let icon: String? =
      switch chapter.status {
      case .listened: "object-select-symbolic"
      case .current: "media-playback-start-symbolic"
      case .ahead: ""
      }
    let status = chapter.status == .current ? tr("you are here") : chapter.status == .listened ? tr("listened") : ""
    row.show(
      iconName: icon, title: chapterListLabel(number: chapter.number, title: chapter.title), subtitle: status, trailing: chapter.duration,
      listItem: gtk_widget_get_parent(slot))
  }
}
