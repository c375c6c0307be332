import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The top of the Book page, above its chapters: cover, title and byline,
/// the listener's place and actions, what the server knows about the book,
/// community metadata, bookmarks, notes, history and other copies.
@MainActor
final class BookDetails {
  let widget: Widget
  /// The list view recycles the slot holding this widget, and destroys
  /// slots when the book changes; our own reference keeps it alive between
  /// parents.
  private let keepAlive: ObjectRef
  private let title: Widget
  private let subtitle: Widget
  private let actions: BookActions
  private let facts = RowsGroup(title: tr("Details"))
  private let meta: MetaSection
  private let bookmarks: BookmarksGroup
  private let notes: NotesGroup
  private let history = HistoryGroup()
  private let upNext = RowsGroup(title: tr("Up Next"))
  private let related = RowsGroup(title: tr("In This Library"))
  private let cover = CoverImage(size: 112)
  private let covers: CoverLoader
  private let store: Store
  private let copies = RowsGroup(title: tr("Other Copies"), description: tr("The same book elsewhere on this server"))
  private let chaptersHeading: Widget

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    gtk_widget_set_valign(cover.widget, GTK_ALIGN_START)
    title = Make.label("", classes: "title-2")
    subtitle = Make.label("", classes: "dim-label")
    for label in [title, subtitle] {
      gtk_label_set_xalign(label.opaque, 0)
      gtk_label_set_wrap(label.opaque, 1)
      gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
    }
    let heading = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, title, subtitle)
    gtk_widget_set_valign(heading, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(heading, 1)
    let header = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, cover.widget, heading)
    actions = BookActions(store: store)
    meta = MetaSection(store: store)
    bookmarks = BookmarksGroup(store: store)
    notes = NotesGroup(store: store)
    chaptersHeading = Make.label(tr("Chapters"), classes: "heading")
    gtk_label_set_xalign(chaptersHeading.opaque, 0)
    widget = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 24, header, actions.widget, upNext.widget, related.widget, facts.widget, meta.widget, bookmarks.widget,
      notes.widget, history.widget, copies.widget, chaptersHeading)
    keepAlive = ObjectRef(retaining: widget)
    gtk_widget_set_margin_top(widget, 24)
    gtk_widget_set_margin_start(widget, 12)
    gtk_widget_set_margin_end(widget, 12)
  }

  /// Focus on the book's Play (or Resume), once the page shows it.
  func focusMainAction() {
    actions.focusPlay()
  }

  func show(_ view: BookPageView) {
    covers.load(cover, for: view.target)
    title.setLabelText(view.title)
    subtitle.setLabelText(view.subtitle)
    subtitle.setVisible(!view.subtitle.isEmpty)
    facts.setRows(items: view.facts, factRow)
    facts.widget.setVisible(!view.facts.isEmpty)
    if let extras = view.extras {
      actions.show(
        extras, for: view.target, inPlayer: view.isInPlayer, playing: view.isPlaying, needsServer: view.needsServer)
      meta.show(extras.meta, for: view.target)
      bookmarks.show(extras.bookmarks, for: view.target)
      notes.show(extras.notes, for: view.target)
      history.show(extras.history)
      copies.setRows(items: extras.otherCopies) { RowsGroup.row($0) }
      copies.widget.setVisible(!extras.otherCopies.isEmpty)
    }
    upNext.setRows(items: view.upNext.map { [$0] } ?? [], upNextRow)
    upNext.widget.setVisible(view.upNext != nil)
    related.setRows(items: view.related, relatedRow)
    related.widget.setVisible(!view.related.isEmpty)
    chaptersHeading.setLabelText(view.chapters.isEmpty ? tr("No Chapters") : tr("Chapters"))
  }

  private func upNextRow(_ next: FolderRow) -> Widget {
    let row = RowsGroup.row(next.title, subtitle: next.subtitle, suffixes: [Make.icon("go-next-symbolic")])
    row.showNeedsServer(next.needsServer)
    gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 1)
    let target = next.target
    Signals.connect(row, "activated") { [weak self] in self?.store.dispatch(.library(.bookOpened(target))) }
    return row
  }

  private func relatedRow(_ link: RelatedBooks) -> Widget {
    let row = RowsGroup.row(link.label, suffixes: [Make.icon("go-next-symbolic")])
    gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 1)
    let query = link.query
    Signals.connect(row, "activated") { [weak self] in self?.store.dispatch(.library(.filteredBooksOpened(query))) }
    return row
  }

  private func factRow(_ fact: BookFact) -> Widget {
    let value = Make.label(fact.value, classes: "dim-label")
    gtk_label_set_selectable(value.opaque, 1)
    gtk_label_set_wrap(value.opaque, 1)
    gtk_label_set_wrap_mode(value.opaque, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_xalign(value.opaque, 1)
    gtk_label_set_justify(value.opaque, GTK_JUSTIFY_RIGHT)
    // Take the row's free width, so a long value wraps at the row's edge
    // rather than into a narrow column.
    gtk_widget_set_hexpand(value, 1)
    return RowsGroup.row(fact.label, suffixes: [value])
  }
}
