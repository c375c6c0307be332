import CAdw
import CGtk
import HarkCore

/// Small builders for the forms in dialogs (libadwaita 1.2 rows).
enum Form {
  static func entryRow(_ title: String, password: Bool = false) -> Widget {
    let row = password ? adw_password_entry_row_new()! : adw_entry_row_new()!
    row.setRowTitle(title)
    // libadwaita 1.2 leaves its show-text toggle nameless: a screen reader
    // said "GtkImage".
    // It is the row's button with the eye icon ("view-reveal-symbolic").
    if password {
      for button in row.descendants(ofType: gtk_button_get_type()) {
        guard let icon = gtk_button_get_icon_name(button.cast(GtkButton.self)),
          String(cString: icon).hasPrefix("view-")
        else { continue }
        button.setAccessibleLabel(tr("Show Password"))
      }
    }
    return row
  }

  static func text(of row: Widget) -> String {
    String(cString: gtk_editable_get_text(OpaquePointer(row)))
  }

  static func setText(of row: Widget, _ text: String) {
    if self.text(of: row) != text { gtk_editable_set_text(OpaquePointer(row), text) }
  }

  /// A boxed list holding `rows`, the way libadwaita groups form fields.
  static func group(_ rows: Widget...) -> Widget {
    let group = adw_preferences_group_new()!
    for row in rows { adw_preferences_group_add(group.cast(AdwPreferencesGroup.self), row) }
    return group
  }

  static func pillButton(_ label: String) -> Widget {
    let button = gtk_button_new_with_label(label)!
    button.addClasses("pill", "suggested-action")
    gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
    return button
  }

  /// A wrapped label for inline errors, hidden while empty.
  static func errorLabel() -> Widget {
    let label = Make.label("", classes: "error")
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_widget_set_visible(label, 0)
    return label
  }

  static func showError(_ label: Widget, _ text: String?) {
    label.setLabelText(text ?? "")
    label.setVisible(text != nil)
  }

  static func paragraph(_ text: String) -> Widget {
    let label = Make.label(text, classes: "dim-label")
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
    return label
  }
}
