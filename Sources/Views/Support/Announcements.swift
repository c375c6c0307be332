import CGtk
import Foundation
import GObjectKit

/// Changes a screen reader must say without the listener moving focus:
/// the offline banner, a playback error, a bookmark added by key.
///
/// GTK 4.14 added `gtk_accessible_announce`, which the GNOME Flatpak
/// runtime has; Debian 12's GTK 4.8 has no announce call at all. So it is
/// looked up when Hark runs, and the widgets that carry such changes are
/// also built with the alert role, which GTK 4.8 does export.
@MainActor
enum Announcements {
  private typealias Announce = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
  /// GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM.
  private static let mediumPriority: Int32 = 1

  private static let announceCall: Announce? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "gtk_accessible_announce") else { return nil }
    return unsafeBitCast(symbol, to: Announce.self)
  }()

  /// Whether the running GTK can announce (false on GTK 4.8).
  static var canAnnounce: Bool { announceCall != nil }

  /// Says `text` through `widget`'s accessible where GTK can.
  static func announce(_ text: String, from widget: Widget) {
    announceCall?(OpaquePointer(widget), text, mediumPriority)
  }

  /// A box with the alert role: its text is a change the listener must
  /// hear about (the role can only be set when the widget is made).
  static func alertBox(_ orientation: GtkOrientation, spacing: Int32, _ children: Widget...) -> Widget {
    var role = GValue()
    g_value_init(&role, gtk_accessible_role_get_type())
    g_value_set_enum(&role, Int32(GTK_ACCESSIBLE_ROLE_ALERT.rawValue))
    defer { g_value_unset(&role) }
    let box = "accessible-role".withCString { name in
      var names: [UnsafePointer<CChar>?] = [name]
      return g_object_new_with_properties(gtk_box_get_type(), 1, &names, &role)
    }
    // Floating, like what gtk_box_new returns: its parent takes it.
    let widget = UnsafeMutableRawPointer(box!).assumingMemoryBound(to: GtkWidget.self)
    gtk_orientable_set_orientation(OpaquePointer(widget), orientation)
    gtk_box_set_spacing(widget.cast(GtkBox.self), spacing)
    for child in children { gtk_box_append(widget.cast(GtkBox.self), child) }
    return widget
  }
}
