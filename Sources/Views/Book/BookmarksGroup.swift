import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Book page's bookmarks: each with its chapter, time and note, a
/// delete button, and a form to add one at a typed time.
@MainActor
final class BookmarksGroup {
  private let group = RowsGroup(title: tr("Bookmarks"))
  private let store: Store
  private let time: Widget
  private let note: Widget
  private var target: LibraryPath?

  var widget: Widget { group.widget }

  init(store: Store) {
    self.store = store
    time = gtk_entry_new()!
    gtk_entry_set_placeholder_text(time.cast(GtkEntry.self), "0:00")
    gtk_editable_set_width_chars(time.opaque, 8)
    gtk_entry_set_input_purpose(time.cast(GtkEntry.self), GTK_INPUT_PURPOSE_DIGITS)
    time.setAccessibleLabel(tr("Bookmark Time"))
    note = gtk_entry_new()!
    gtk_entry_set_placeholder_text(note.cast(GtkEntry.self), tr("Note (optional)"))
    gtk_widget_set_hexpand(note, 1)
    note.setAccessibleLabel(tr("Bookmark Note"))
    let add = gtk_button_new_with_label(tr("Add"))!
    add.setAccessibleLabel(tr("Add Bookmark"))
    let form = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, time, note, add)
    form.setMargins(6)
    group.addFixed(RowsGroup.customRow(form, name: tr("New Bookmark")))
    Signals.connect(add, "clicked") { [weak self] in self?.submit() }
    Signals.connect(note, "activate") { [weak self] in self?.submit() }
    Signals.connect(time, "activate") { [weak self] in self?.submit() }
  }

  private func submit() {
    guard let target else { return }
    let typed = String(cString: gtk_editable_get_text(time.opaque))
    guard let position = parseClock(typed) else {
      time.addClasses("error")
      gtk_widget_set_tooltip_text(time, tr("Type a time like 12:04 or 1:02:03"))
      return
    }
    gtk_widget_remove_css_class(time, "error")
    gtk_widget_set_tooltip_text(time, nil)
    let text = String(cString: gtk_editable_get_text(note.opaque))
    store.dispatch(.library(.bookmarkAddRequested(target, position: position, note: text)))
    gtk_editable_set_text(time.opaque, "")
    gtk_editable_set_text(note.opaque, "")
  }

  func show(_ bookmarks: Loadable<[AnnotationRow]>, for target: LibraryPath) {
    self.target = target
    group.setRows(for: bookmarks, loading: tr("Loading bookmarks…"), empty: tr("No bookmarks yet"), bookmarkRow)
  }

  private func bookmarkRow(_ mark: AnnotationRow) -> RowsGroup.Made<AnnotationRow> {
    var shown = mark
    let delete = RowsGroup.iconButton("user-trash-symbolic", label: "")
    Signals.connect(delete, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.dispatch(.library(.bookmarkDeleteRequested(target, id: shown.id)))
    }
    let play = RowsGroup.iconButton("media-playback-start-symbolic", label: "")
    Signals.connect(play, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.play(target, from: .position(shown.position ?? 0))
    }
    let row = RowsGroup.row(mark.title, suffixes: [play, delete])
    // A changed bookmark (its note, or its chapter's name) is said by the
    // same row, so the focus on its buttons stays.
    let show = { (mark: AnnotationRow) in
      shown = mark
      row.setRowTitle(mark.title)
      row.setRowSubtitle(mark.detail)
      Self.name(delete, trFormat("Delete Bookmark at %@", mark.title))
      Self.name(play, trFormat("Play from Bookmark at %@", mark.title))
    }
    show(mark)
    return RowsGroup.Made(row, update: show)
  }

  private static func name(_ button: Widget, _ label: String) {
    button.setTooltip(label)
    button.setAccessibleLabel(label)
  }
}
