import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// A book that cannot play now (its server is away and it is not
  /// downloaded) is dimmed, its tooltip says why, and assistive
  /// technologies read the same words; nil restores the row.
  /// - Parameter tooltipOn: where the tooltip goes: this widget by default.
  ///   A list row passes its list item: a tooltip on the row's content
  ///   swallowed the click that opens the row (GTK 4.8, seen in
  ///   test_offline_library.py).
  func showNeedsServer(_ notice: String?, tooltipOn: Widget? = nil) {
    let opacity = notice == nil ? 1.0 : 0.5
    if gtk_widget_get_opacity(self) != opacity { gtk_widget_set_opacity(self, opacity) }
    // A tooltip takes plain text: a server's name shows as written.
    (tooltipOn ?? self).setTooltip(notice)
    hark_accessible_set_description(self, notice ?? "")
  }
}
