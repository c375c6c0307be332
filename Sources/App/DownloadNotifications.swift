import CGLib
import CGtk
import GObjectKit
import HarkCore

/// A download that finishes or fails while the window is closed or in the
/// background says so through the desktop's notifications: "Downloaded"
/// (opening Hark at the Downloads page), or "Download Failed" with the
/// reason and Retry. Only a download seen running is news: the registry
/// read at start announces nothing.
@MainActor
final class DownloadNotifications {
  private let application: UnsafeMutablePointer<GApplication>
  private let window: () -> UnsafeMutablePointer<GtkWindow>?
  private var previous: [ContentKey: DownloadStanding] = [:]
  private var subscription: Subscription?

  init(
    application: UnsafeMutablePointer<GApplication>, store: Store,
    window: @escaping () -> UnsafeMutablePointer<GtkWindow>?
  ) {
    self.application = application
    self.window = window
    subscription = store.subscribe(selectDownloadStandings) { [weak self] in self?.changed($0) }
  }

  /// The listener is looking at Hark: the Downloads page says it already.
  private var windowInView: Bool {
    guard let window = window() else { return false }
    return gtk_widget_get_visible(window.cast(GtkWidget.self)) != 0 && gtk_window_is_active(window) != 0
  }

  private func changed(_ standings: [ContentKey: DownloadStanding]) {
    defer { previous = standings }
    guard !windowInView else { return }
    for (key, standing) in standings where previous[key]?.status == .downloading {
      switch standing.status {
      case .downloaded:
        send(key, title: "Downloaded", body: "“\(standing.title)” plays without a connection now.", retry: false)
      case .error:
        send(key, title: "Download Failed", body: "“\(standing.title)”: \(standing.message ?? "it stopped.")", retry: true)
      case .queued, .downloading, .paused:
        break
      }
    }
  }

  private func send(_ key: ContentKey, title: String, body: String, retry: Bool) {
    let notification = g_notification_new(title)!
    defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
    g_notification_set_body(notification, body)
    g_notification_set_default_action(notification, "app.show-downloads")
    if retry {
      g_notification_add_button_with_target_value(
        notification, "Retry", "app.retry-download", g_variant_new_string(key.rawValue))
    }
    g_application_send_notification(application, "download:\(key.rawValue)", notification)
  }
}
