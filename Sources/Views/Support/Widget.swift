import CGtk
import GObjectKit

/// GTK hands widgets out as `GtkWidget *`; most of Hark's view code works in
/// that currency and casts at the call that needs a subtype.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// For final GTK/Adw types, which Swift imports as `OpaquePointer`.
  var opaque: OpaquePointer { OpaquePointer(self) }

  func addClasses(_ names: String...) {
    for name in names { gtk_widget_add_css_class(self, name) }
  }

  func setMargins(_ value: Int32) {
    gtk_widget_set_margin_top(self, value)
    gtk_widget_set_margin_bottom(self, value)
    gtk_widget_set_margin_start(self, value)
    gtk_widget_set_margin_end(self, value)
  }

  /// Sets a string property by name, for the few GTK 4.8 lacks a setter for.
  func setStringProperty(_ name: String, _ value: String) {
    var gvalue = GValue()
    g_value_init(&gvalue, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    g_value_set_string(&gvalue, value)
    g_object_set_property(UnsafeMutableRawPointer(self).assumingMemoryBound(to: GObject.self), name, &gvalue)
    g_value_unset(&gvalue)
  }

  /// The first widget of GType `type` under this one (depth first), not
  /// looking inside `skipped`: for the parts GTK builds inside its own
  /// widgets (a search bar's close button) that Hark must still name.
  func firstDescendant(ofType type: GType, skipping skipped: Widget? = nil) -> Widget? {
    var child = gtk_widget_get_first_child(self)
    while let widget = child {
      if widget != skipped {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, type) != 0 { return widget }
        if let found = widget.firstDescendant(ofType: type, skipping: skipped) { return found }
      }
      child = gtk_widget_get_next_sibling(widget)
    }
    return nil
  }

  /// Every widget of GType `type` under this one, depth first.
  func descendants(ofType type: GType) -> [Widget] {
    var found: [Widget] = []
    var child = gtk_widget_get_first_child(self)
    while let widget = child {
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      if g_type_check_instance_is_a(instance, type) != 0 { found.append(widget) }
      found += widget.descendants(ofType: type)
      child = gtk_widget_get_next_sibling(widget)
    }
    return found
  }

  /// Sets the name assistive technologies (and Hark's UI tests) read.
  /// Only when it changes: views render every engine report, and each
  /// update is work for the accessibility bridge even with the same name.
  func setAccessibleLabel(_ label: String) {
    let key = "hark-accessible-label"
    let object = gobjectRaw.assumingMemoryBound(to: GObject.self)
    if let shown = g_object_get_data(object, key), String(cString: shown.assumingMemoryBound(to: CChar.self)) == label {
      return
    }
    hark_accessible_set_label(self, label)
    g_object_set_data_full(object, key, g_strdup(label), g_free)
  }
}

/// Builders for the handful of widgets Hark makes in code.
enum Make {
  static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, _ children: Widget...) -> Widget {
    let box = gtk_box_new(orientation, spacing)!
    for child in children { gtk_box_append(box.cast(GtkBox.self), child) }
    return box
  }

  static func label(_ text: String, classes: String...) -> Widget {
    let label = gtk_label_new(text)!
    for name in classes { gtk_widget_add_css_class(label, name) }
    return label
  }

  /// A spinner that spins only while it is on screen. A started GtkSpinner
  /// runs a CSS animation; left spinning in a hidden stack page it would
  /// keep the frame clock (and Hark) awake forever.
  @MainActor static func spinner(size: Int32 = 32) -> Widget {
    let spinner = gtk_spinner_new()!
    gtk_widget_set_size_request(spinner, size, size)
    Signals.connect(spinner, "map") { gtk_spinner_start(OpaquePointer(spinner)) }
    Signals.connect(spinner, "unmap") { gtk_spinner_stop(OpaquePointer(spinner)) }
    return spinner
  }

  static func icon(_ name: String) -> Widget {
    gtk_image_new_from_icon_name(name)!
  }

  static func iconButton(_ iconName: String, tooltip: String) -> Widget {
    let button = gtk_button_new_from_icon_name(iconName)!
    gtk_widget_set_tooltip_text(button, tooltip)
    button.setAccessibleLabel(tooltip)
    return button
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Appends to a GtkBox.
  func append(_ child: Widget) {
    gtk_box_append(cast(GtkBox.self), child)
  }
}
