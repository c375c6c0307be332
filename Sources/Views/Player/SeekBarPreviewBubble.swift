import CAdw
import CGtk
import HarkCore

/// The bubble over a dragged thumb: "Chapter 4 · 3:12 of 15:00" over
/// "Book · 1:03:12 of 9:41:00".
///
/// A popover rather than a label in the layout: it floats over whatever is
/// above the bar (the cover, on the Player page), so the page keeps no
/// empty row for something shown only while dragging. It never takes focus
/// or the pointer (not autohide, not targetable): the drag and the
/// keyboard stay with the slider.
@MainActor
final class SeekBarPreviewBubble {
  let popover: Widget
  private let parent: Widget
  private let chapterLine: Widget
  private let bookLine: Widget
  private var pointedAt: Int32?
  private var bubble: UnsafeMutablePointer<GtkPopover> { popover.cast(GtkPopover.self) }

  init(parent: Widget) {
    self.parent = parent
    chapterLine = Make.label("", classes: "numeric", "heading")
    bookLine = Make.label("", classes: "numeric", "caption", "dim-label")
    let lines = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 2, chapterLine, bookLine)
    popover = gtk_popover_new()!
    gtk_popover_set_child(bubble, lines)
    gtk_popover_set_autohide(bubble, 0)
    gtk_popover_set_position(bubble, GTK_POS_TOP)
    gtk_widget_set_can_target(popover, 0)
    gtk_widget_set_can_focus(popover, 0)
    popover.addClasses("hark-seek-preview")
    popover.setAccessibleLabel(tr("Seek Preview"))
    // Box layouts leave native children such as popovers out of the row.
    gtk_widget_set_parent(popover, parent)
  }

  /// Shows `preview` over the thumb of `scale`, or hides the bubble.
  func show(_ preview: SeekBarPreview?, over scale: Widget) {
    guard let preview else {
      if gtk_widget_get_visible(popover) != 0 { gtk_popover_popdown(bubble) }
      pointedAt = nil
      return
    }
    chapterLine.setLabelText(preview.chapterText)
    bookLine.setLabelText(preview.bookText)
    if let x = ScaleThumb.centre(of: scale, in: parent) { point(at: Int32(x.rounded())) }
    if gtk_widget_get_visible(popover) == 0 { gtk_popover_popup(bubble) }
  }

  /// Points the arrow's tip at `x` (GTK draws it at the rectangle's middle,
  /// which for one pixel is its left edge: x itself).
  private func point(at x: Int32) {
    guard x != pointedAt else { return }
    pointedAt = x
    var rect = GdkRectangle(x: x, y: 0, width: 1, height: 1)
    gtk_popover_set_pointing_to(bubble, &rect)
    if gtk_widget_get_visible(popover) != 0 { gtk_popover_present(bubble) }
  }
}
