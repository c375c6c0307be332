import CAdw
import CGtk
import GObjectKit

/// The player's keys, window-wide. In the bubble phase: the focused widget
/// sees a key first, so Space still presses a focused button, the arrows
/// still move in a list or a text field, and only keys nobody used reach
/// the player.
@MainActor
enum PlaybackShortcuts {
  /// Key → application action (the shortcuts window's "Player" group
  /// describes them).
  static let bindings: [(trigger: String, action: String)] = [
    ("space", "app.play-pause"),
    ("Left", "app.skip-back"),
    ("Right", "app.skip-forward"),
    ("<Control>Left", "app.previous-chapter"),
    ("<Control>Right", "app.next-chapter"),
    ("plus|KP_Add|equal", "app.faster"),
    ("minus|KP_Subtract", "app.slower"),
  ]

  static func controller() -> OpaquePointer {
    let controller = gtk_shortcut_controller_new()!
    for binding in bindings {
      gtk_shortcut_controller_add_shortcut(
        controller,
        gtk_shortcut_new(gtk_shortcut_trigger_parse_string(binding.trigger), gtk_named_action_new(binding.action)))
    }
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
    return controller
  }
}
