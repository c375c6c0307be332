import CGtk

/// Push-only-on-change setters, so rendering the same state twice touches
/// nothing and emits no notify signals.
extension UnsafeMutablePointer where Pointee == GtkWidget {
  func setLabelText(_ text: String) {
    let label = OpaquePointer(self)
    if String(cString: gtk_label_get_text(label)) != text { gtk_label_set_text(label, text) }
  }

  func setSensitive(_ sensitive: Bool) {
    if (gtk_widget_get_sensitive(self) != 0) != sensitive { gtk_widget_set_sensitive(self, sensitive ? 1 : 0) }
  }

  func setVisible(_ visible: Bool) {
    if (gtk_widget_get_visible(self) != 0) != visible { gtk_widget_set_visible(self, visible ? 1 : 0) }
  }
}
