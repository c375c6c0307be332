import CAdw
import CGtk
import HarkCore

/// The top of the Book page: cover, title, byline, and what the server
/// knows about the book, then the "Chapters" heading.
@MainActor
final class BookDetails {
  let widget: Widget
  private let title: Widget
  private let subtitle: Widget
  private let facts: Widget
  private var factRows: [Widget] = []
  private let chaptersHeading: Widget

  init() {
    let cover = Make.icon("accessories-dictionary-symbolic")
    gtk_image_set_pixel_size(cover.opaque, 48)
    cover.addClasses("hark-cover", "dim-label")
    gtk_widget_set_size_request(cover, 96, 96)
    gtk_widget_set_valign(cover, GTK_ALIGN_START)
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
    let header = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, cover, heading)
    facts = gtk_list_box_new()!
    facts.addClasses("boxed-list")
    gtk_list_box_set_selection_mode(facts.opaque, GTK_SELECTION_NONE)
    chaptersHeading = Make.label("Chapters", classes: "heading")
    gtk_label_set_xalign(chaptersHeading.opaque, 0)
    gtk_widget_set_margin_top(chaptersHeading, 12)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 18, header, facts, chaptersHeading)
    gtk_widget_set_margin_top(widget, 24)
    gtk_widget_set_margin_start(widget, 12)
    gtk_widget_set_margin_end(widget, 12)
  }

  func show(_ view: BookPageView) {
    title.setLabelText(view.title)
    subtitle.setLabelText(view.subtitle)
    subtitle.setVisible(!view.subtitle.isEmpty)
    renderFacts(view.facts)
    chaptersHeading.setLabelText(view.chapters.isEmpty ? "No Chapters" : "Chapters")
  }

  private func renderFacts(_ list: [BookFact]) {
    for row in factRows { gtk_list_box_remove(facts.opaque, row) }
    factRows = list.map { fact in
      let row = adw_action_row_new()!
      adw_preferences_row_set_title(row.cast(AdwPreferencesRow.self), fact.label)
      let value = Make.label(fact.value, classes: "dim-label")
      gtk_label_set_selectable(value.opaque, 1)
      gtk_label_set_wrap(value.opaque, 1)
      gtk_label_set_wrap_mode(value.opaque, PANGO_WRAP_WORD_CHAR)
      gtk_label_set_xalign(value.opaque, 1)
      gtk_label_set_justify(value.opaque, GTK_JUSTIFY_RIGHT)
      // Take the row's free width, so a long value wraps at the row's edge
      // rather than into a narrow column.
      gtk_widget_set_hexpand(value, 1)
      adw_action_row_add_suffix(row.cast(AdwActionRow.self), value)
      return row
    }
    for row in factRows { gtk_list_box_append(facts.opaque, row) }
    facts.setVisible(!list.isEmpty)
  }
}
