import CGtk
import HarkCore

/// Keeps the computer from suspending while a book plays (the desktop
/// shows the reason), and lets it again on pause: a listener in bed should
/// not be cut off by the idle timer, nor keep the laptop awake once the
/// sleep timer has paused the book.
@MainActor
final class SuspendInhibitor {
  static let reason = tr("Playing an audiobook")
  private let application: UnsafeMutablePointer<GtkApplication>
  private let window: () -> UnsafeMutablePointer<GtkWindow>?
  private var cookie: guint = 0
  private var subscription: Subscription?

  init(application: UnsafeMutablePointer<GtkApplication>, store: Store, window: @escaping () -> UnsafeMutablePointer<GtkWindow>?) {
    self.application = application
    self.window = window
    subscription = store.subscribe({ selectMediaPlayer($0).status == .playing }) { [weak self] playing in
      self?.playing(playing)
    }
  }

  private func playing(_ playing: Bool) {
    if playing, cookie == 0 {
      cookie = gtk_application_inhibit(application, window(), GTK_APPLICATION_INHIBIT_SUSPEND, Self.reason)
    } else if !playing, cookie != 0 {
      gtk_application_uninhibit(application, cookie)
      cookie = 0
    }
  }
}
