import CAdw
import CGtk
import GObjectKit

/// The player's keys, window-wide. In the bubble phase: the focused widget
/// sees a key first, so the arrows still move in a list, a slider or a text
/// field, and only keys nobody used reach the player.
///
/// Space is the exception: while a book is loaded it plays and pauses
/// whatever has focus (a button just clicked with the pointer keeps focus,
/// and Space pressing it again — Next Chapter twice — is not what a
/// listener means), except where it types a space.
@MainActor
enum PlaybackShortcuts {
  /// Key → application action (the shortcuts window's "Player" group
  /// describes them, with Space).
  static let bindings: [(trigger: String, action: String)] = [
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

  /// Space in the capture phase: `isPlayerLoaded` says whether a book is
  /// loaded; without one, or in a text field, the key goes on as usual.
  static func spaceController(isPlayerLoaded: @escaping @MainActor () -> Bool) -> OpaquePointer {
    let box = Unmanaged.passRetained(SpaceBox(isPlayerLoaded)).toOpaque()
    let action = gtk_callback_action_new(spacePressed, box, releaseSpaceBox)
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("space"), action))
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    return controller
  }

  /// True when Space toggled playback (the key stops here).
  fileprivate static func takeSpace(_ widget: UnsafeMutablePointer<GtkWidget>, _ box: SpaceBox) -> Bool {
    guard box.isPlayerLoaded(), !typesText(gtk_root_get_focus(OpaquePointer(widget))) else { return false }
    return gtk_widget_activate_action_variant(widget, "app.play-pause", nil) != 0
  }

  private static func typesText(_ focus: UnsafeMutablePointer<GtkWidget>?) -> Bool {
    guard let focus else { return false }
    let instance = UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0
      || g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0
  }

  fileprivate final class SpaceBox {
    let isPlayerLoaded: @MainActor () -> Bool
    init(_ isPlayerLoaded: @escaping @MainActor () -> Bool) { self.isPlayerLoaded = isPlayerLoaded }
  }
}

private func spacePressed(
  _ widget: UnsafeMutablePointer<GtkWidget>?, _ arguments: OpaquePointer?, _ data: gpointer?
) -> gboolean {
  // GTK calls shortcuts on the main thread, where the widget and box live.
  guard let widget, let data else { return 0 }
  nonisolated(unsafe) let target = widget
  nonisolated(unsafe) let box = Unmanaged<PlaybackShortcuts.SpaceBox>.fromOpaque(data).takeUnretainedValue()
  return MainActor.assumeIsolated { PlaybackShortcuts.takeSpace(target, box) } ? 1 : 0
}

private func releaseSpaceBox(_ data: gpointer?) {
  if let data { Unmanaged<PlaybackShortcuts.SpaceBox>.fromOpaque(data).release() }
}
