import CGtk
import GObjectKit

/// Restores the main window's size from GSettings and saves it on close,
/// as GNOME apps do.
@MainActor
enum WindowGeometry {
  static func restore(_ window: UnsafeMutablePointer<GtkWidget>, from settings: SettingsBridge) {
    let saved = settings.windowSize()
    let gtkWindow = window.cast(GtkWindow.self)
    gtk_window_set_default_size(gtkWindow, max(360, saved.width), max(294, saved.height))
    if saved.maximized { gtk_window_maximize(gtkWindow) }
    Signals.connectReturningBool(window, "close-request") {
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(gtkWindow, &width, &height)
      settings.saveWindowSize(width: width, height: height, maximized: gtk_window_is_maximized(gtkWindow) != 0)
      return false  // let the window close
    }
  }
}
