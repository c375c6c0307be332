import CAdw
import CGtk
import HarkCore

/// The row every Hark list recycles: an icon, a title over a dimmed
/// subtitle, and an optional trailing text or chevron. Built once per
/// visible slot by `VirtualList`, refilled by `show`.
@MainActor
struct ListRow {
  let widget: Widget
  /// A book's cover, in place of the icon, when the row has one.
  private let cover: CoverImage
  private let icon: Widget
  private let title: Widget
  private let subtitle: Widget
  private let trailing: Widget
  private let chevron: Widget

  init() {
    cover = CoverImage(size: 40)
    cover.widget.setVisible(false)
    icon = Make.icon("folder-symbolic")
    gtk_image_set_pixel_size(icon.opaque, 24)
    gtk_widget_set_size_request(icon, 24, 24)
    icon.addClasses("dim-label")
    title = Make.label("")
    subtitle = Make.label("", classes: "dim-label", "caption")
    for label in [title, subtitle] {
      gtk_label_set_xalign(label.opaque, 0)
      gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
    }
    let text = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, title, subtitle)
    gtk_widget_set_hexpand(text, 1)
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
    trailing = Make.label("", classes: "dim-label", "numeric")
    chevron = Make.icon("go-next-symbolic")
    widget = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, cover.widget, icon, text, trailing, chevron)
    gtk_widget_set_margin_top(widget, 8)
    gtk_widget_set_margin_bottom(widget, 8)
    gtk_widget_set_margin_start(widget, 6)
    gtk_widget_set_margin_end(widget, 6)
  }

  /// Finds the parts again from a recycled row widget.
  init(_ widget: Widget) {
    self.widget = widget
    let coverWidget = gtk_widget_get_first_child(widget)!
    cover = CoverImage.of(coverWidget)!
    icon = gtk_widget_get_next_sibling(coverWidget)
    let text = gtk_widget_get_next_sibling(icon)!
    title = gtk_widget_get_first_child(text)
    subtitle = gtk_widget_get_next_sibling(title)!
    trailing = gtk_widget_get_next_sibling(text)!
    chevron = gtk_widget_get_next_sibling(trailing)!
  }

  /// - Parameter listItem: the list item to name for assistive technologies;
  ///   by default the row's parent, which is the list item once bound.
  /// - Parameter book: show this book's cover (through `covers`) instead of the icon.
  /// - Parameter needsServer: the book cannot play now: dimmed, and saying why.
  func show(
    iconName: String?, title: String, subtitle: String, trailing: String = "", opens: Bool = false,
    listItem: Widget? = nil, book: LibraryPath? = nil, covers: CoverLoader? = nil, needsServer: String? = nil
  ) {
    if let book, let covers {
      cover.widget.setVisible(true)
      covers.load(cover, for: book)
    } else {
      if gtk_widget_get_visible(cover.widget) != 0 { covers?.clear(cover) }
      cover.widget.setVisible(false)
    }
    let iconName = book != nil && covers != nil ? nil : iconName
    // nil: no icon column; "": an empty column, so rows with and without
    // an icon line up.
    icon.setVisible(iconName != nil)
    if let iconName {
      if iconName.isEmpty { gtk_image_clear(icon.opaque) } else { gtk_image_set_from_icon_name(icon.opaque, iconName) }
    }
    self.title.setLabelText(title)
    self.subtitle.setLabelText(subtitle)
    self.subtitle.setVisible(!subtitle.isEmpty)
    self.trailing.setLabelText(trailing)
    self.trailing.setVisible(!trailing.isEmpty)
    chevron.setVisible(opens)
    // The list item (our parent once bound) is what screen readers announce
    // and the UI tests find; GtkListItem has no accessible name of its own.
    let item = listItem ?? gtk_widget_get_parent(widget) ?? widget
    widget.showNeedsServer(needsServer, tooltipOn: item)
    let name = [title, subtitle, trailing, needsServer ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    item.setAccessibleLabel(name)
  }
}
