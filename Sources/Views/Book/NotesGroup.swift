import CAdw
import CGtk
import GObjectKit
import HarkCore
import NoteMarkup

/// The Book page's notes, Markdown shown as formatted text, with delete and
/// a one-line form to add one.
@MainActor
final class NotesGroup {
  private let group = RowsGroup(title: tr("Notes"))
  private let store: Store
  private let entry: Widget
  private var target: LibraryPath?

  var widget: Widget { group.widget }

  init(store: Store) {
    self.store = store
    entry = gtk_entry_new()!
    gtk_entry_set_placeholder_text(entry.cast(GtkEntry.self), tr("Write a note…"))
    gtk_widget_set_hexpand(entry, 1)
    entry.setAccessibleLabel(tr("New Note"))
    let add = gtk_button_new_with_label(tr("Add"))!
    add.setAccessibleLabel(tr("Add Note"))
    let form = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, entry, add)
    form.setMargins(6)
    group.addFixed(RowsGroup.customRow(form, name: tr("New Note")))
    Signals.connect(add, "clicked") { [weak self] in self?.submit() }
    Signals.connect(entry, "activate") { [weak self] in self?.submit() }
  }

  private func submit() {
    guard let target else { return }
    let text = String(cString: gtk_editable_get_text(entry.opaque))
    store.dispatch(.library(.noteAddRequested(target, body: text)))
    gtk_editable_set_text(entry.opaque, "")
  }

  func show(_ notes: Loadable<[AnnotationRow]>, for target: LibraryPath) {
    self.target = target
    group.setRows(for: notes, loading: tr("Loading notes…"), empty: tr("No notes yet"), noteRow)
  }

  private func noteRow(_ note: AnnotationRow) -> RowsGroup.Made<AnnotationRow> {
    let body = Make.label("")
    gtk_label_set_wrap(body.opaque, 1)
    gtk_label_set_wrap_mode(body.opaque, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_xalign(body.opaque, 0)
    gtk_label_set_selectable(body.opaque, 1)
    let when = Make.label("", classes: "dim-label", "caption")
    gtk_label_set_xalign(when.opaque, 0)
    let text = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 4, body, when)
    gtk_widget_set_hexpand(text, 1)
    let delete = RowsGroup.iconButton("user-trash-symbolic", label: tr("Delete Note"))
    let id = note.id
    Signals.connect(delete, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.dispatch(.library(.noteDeleteRequested(target, id: id)))
    }
    let content = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, text, delete)
    content.setMargins(12)
    let row = RowsGroup.customRow(content, name: "")
    var shownMarkdown: String?
    // "2 minutes ago" ticks on: the same row says it, so the focus on its
    // Delete stays (and a selection in the body, unless the body changed).
    let show = { (note: AnnotationRow) in
      let markdown = note.markdown ?? ""
      // Named as plain text, so a screen reader says the words, not the marks.
      let title = notePlainText(markdown)
      if markdown != shownMarkdown {
        shownMarkdown = markdown
        body.setNoteMarkdown(markdown)
        body.setAccessibleLabel(title)
      }
      when.setLabelText(note.detail)
      row.setAccessibleLabel([title, note.detail].filter { !$0.isEmpty }.joined(separator: ", "))
    }
    show(note)
    return RowsGroup.Made(row, update: show)
  }
}
