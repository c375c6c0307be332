import CGtk
import GObjectKit

/// Push-only-on-change setters, so rendering the same state twice touches
/// nothing and emits no notify signals.
///
/// This matters most while a book plays: the engine reports its place four
/// times a second and every view of the player renders each report. In
/// GTK 4.8 setting a tooltip, even to the same text, asks the X server where
/// the pointer is (a server grab and several round trips), and setting an
/// icon or a menu button's label rebuilds a child and queues a resize, so an
/// unguarded render kept the main thread drawing all the time.
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

  /// No tooltip for nil or "".
  func setTooltip(_ text: String?) {
    let current = gtk_widget_get_tooltip_text(self).map { String(cString: $0) } ?? ""
    if current != (text ?? "") { gtk_widget_set_tooltip_text(self, text?.isEmpty == false ? text : nil) }
  }

  /// A GtkButton's icon.
  func setButtonIcon(_ name: String) {
    let button = cast(GtkButton.self)
    if gtk_button_get_icon_name(button).map({ String(cString: $0) }) != name { gtk_button_set_icon_name(button, name) }
  }

  /// A GtkButton's text.
  func setButtonLabel(_ text: String) {
    let button = cast(GtkButton.self)
    if gtk_button_get_label(button).map({ String(cString: $0) }) != text { gtk_button_set_label(button, text) }
  }

  /// A GtkImage's named icon.
  func setImageIcon(_ name: String) {
    if gtk_image_get_icon_name(opaque).map({ String(cString: $0) }) != name { gtk_image_set_from_icon_name(opaque, name) }
  }

  /// A GtkMenuButton's text.
  func setMenuButtonLabel(_ text: String) {
    if gtk_menu_button_get_label(opaque).map({ String(cString: $0) }) != text { gtk_menu_button_set_label(opaque, text) }
  }
}
