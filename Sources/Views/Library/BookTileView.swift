import CAdw
import CGtk
import HarkCore

/// One book in the All Books grid: its cover over its title and byline.
/// Built once per visible cell and refilled as the grid recycles it.
@MainActor
struct BookTileView {
  static let coverSize: Int32 = 128

  let widget: Widget
  private let cover: CoverImage
  private let title: Widget
  private let subtitle: Widget

  init() {
    cover = CoverImage(size: Self.coverSize)
    title = Make.label("")
    subtitle = Make.label("", classes: "dim-label", "caption")
    for label in [title, subtitle] {
      gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
      gtk_label_set_max_width_chars(label.opaque, 16)
      gtk_label_set_xalign(label.opaque, 0)
    }
    gtk_label_set_wrap(title.opaque, 1)
    gtk_label_set_lines(title.opaque, 2)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 4, cover.widget, title, subtitle)
    gtk_widget_set_size_request(widget, Self.coverSize, -1)
    widget.setMargins(6)
  }

  /// Finds the parts again in a recycled cell.
  init(_ widget: Widget) {
    self.widget = widget
    let coverWidget = gtk_widget_get_first_child(widget)!
    cover = CoverImage.of(coverWidget)!
    title = gtk_widget_get_next_sibling(coverWidget)!
    subtitle = gtk_widget_get_next_sibling(title)!
  }

  func show(_ tile: BookTile, covers: CoverLoader) {
    title.setLabelText(tile.title)
    subtitle.setLabelText(tile.subtitle)
    covers.load(cover, for: tile.target)
    widget.showNeedsServer(tile.needsServer, tooltipOn: gtk_widget_get_parent(widget))
    let name = [tile.title, tile.subtitle, tile.needsServer ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    (gtk_widget_get_parent(widget) ?? widget).setAccessibleLabel(name)
  }
}
