import CGtk

/// Where the focused control sits inside a row: its place among its
/// siblings at each level down from the row. A row made again by the same
/// code has the same shape, so the path finds the same control in it (the
/// third button, not whatever button now has the name it had).
@MainActor
struct FocusPath {
  private var indexes: [Int] = []

  init(of focus: Widget, in row: Widget) {
    var widget = focus
    while widget != row, let parent = gtk_widget_get_parent(widget) {
      var index = 0
      var sibling = gtk_widget_get_prev_sibling(widget)
      while let before = sibling {
        index += 1
        sibling = gtk_widget_get_prev_sibling(before)
      }
      indexes.insert(index, at: 0)
      widget = parent
    }
  }

  /// Focuses that control of `row`, else (it is gone, or hidden now) the
  /// row itself, so the focus stays on the item rather than the window.
  func grabFocus(in row: Widget) {
    if let control = control(in: row), gtk_widget_get_visible(control) != 0, gtk_widget_grab_focus(control) != 0 { return }
    gtk_widget_grab_focus(row)
  }

  private func control(in row: Widget) -> Widget? {
    var widget = row
    for index in indexes {
      guard var child = gtk_widget_get_first_child(widget) else { return nil }
      for _ in 0..<index {
        guard let next = gtk_widget_get_next_sibling(child) else { return nil }
        child = next
      }
      widget = child
    }
    return widget
  }
}
