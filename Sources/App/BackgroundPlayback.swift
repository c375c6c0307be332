import CGLib
import CGtk
import GObjectKit
import HarkCore

/// Closing the window while a book plays hides it and keeps the book
/// playing (the listener's setting, on by default): an audiobook is heard,
/// not watched. Opening Hark again or the media controls' Raise bring the
/// window back; Quit stops everything. In a Flatpak the desktop is asked
/// first (the Background portal).
@MainActor
final class BackgroundPlayback {
  private let application: UnsafeMutablePointer<GApplication>
  private let store: Store
  private let portal: BackgroundPortal?
  /// True between hiding the window and showing it again: the application
  /// is held, so it does not end with its last visible window.
  private var holding = false
  /// Set by Quit: the window then really closes.
  var quitting = false

  init(application: UnsafeMutablePointer<GApplication>, store: Store) {
    self.application = application
    self.store = store
    portal = BackgroundPortal(connection: g_application_get_dbus_connection(application))
  }

  /// Catches the window's close, before it is destroyed.
  func watch(_ window: UnsafeMutablePointer<GtkWidget>) {
    Signals.connectReturningBool(window, "close-request") { [weak self] in
      guard let self, !quitting, store.state.settings.playInBackground,
        selectMediaPlayer(store.state).status == .playing
      else { return false }
      gtk_widget_set_visible(window, 0)
      portal?.requestBackground()
      if !holding {
        g_application_hold(application)
        holding = true
      }
      return true
    }
  }

  /// The window is shown again.
  func shown() {
    guard holding else { return }
    holding = false
    g_application_release(application)
  }
}
