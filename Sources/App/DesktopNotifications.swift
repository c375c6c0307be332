import CGLib
import CGtk
import GObjectKit
import HarkCore

/// What happens while the window is closed or in the background, said
/// through the desktop's notifications, each with the action that helps:
/// a download finished (opening the Downloads page) or failed (Retry), a
/// server that signed the listener out (Reconnect), the sleep timer that
/// paused the book (Play). Only a change seen happening is news: what
/// start-up reads announces nothing.
@MainActor
final class DesktopNotifications {
  private let application: UnsafeMutablePointer<GApplication>
  private let window: () -> UnsafeMutablePointer<GtkWindow>?
  private var previous: [LibraryPath: DownloadStanding] = [:]
  /// Servers seen signed in: only those losing it is news (a server
  /// restored at start without its sign-in is the banner's).
  private var seenSignedIn: Set<String> = []
  private var subscription: Subscription?
  private var signedOutSubscription: Subscription?
  private var sleepTimerEndings: Int?
  private var sleepTimerSubscription: Subscription?

  init(
    application: UnsafeMutablePointer<GApplication>, store: Store,
    window: @escaping () -> UnsafeMutablePointer<GtkWindow>?
  ) {
    self.application = application
    self.window = window
    subscription = store.subscribe(selectDownloadStandings) { [weak self] in self?.changed($0) }
    signedOutSubscription = store.subscribe(selectServerSignIns) { [weak self] in self?.signIns($0) }
    sleepTimerSubscription = store.subscribe(selectSleepTimerEnding) { [weak self] in self?.sleepTimer($0) }
  }

  /// The sleep timer paused the book while the listener was elsewhere
  /// (asleep, most likely): the notification says where it stopped and
  /// plays on from there.
  private func sleepTimer(_ ending: SleepTimerEnding) {
    defer { sleepTimerEndings = ending.count }
    guard let seen = sleepTimerEndings, ending.count > seen, !windowInView else { return }
    let notification = g_notification_new(tr("Sleep Timer Ended"))!
    defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
    g_notification_set_body(
      notification, ending.title.isEmpty
        ? tr("Playback paused.") : trFormat("“%@” paused. Your place is kept.", ending.title))
    // Its body (no default action) opens the window, as GNOME does.
    g_notification_add_button(notification, tr("Play"), "app.resume")
    g_application_send_notification(application, "sleep-timer", notification)
  }

  /// A server that no longer takes the sign-in it took.
  private func signIns(_ servers: [ServerSignIn]) {
    let lost = servers.filter { !$0.signedIn && seenSignedIn.contains($0.serverID) }
    seenSignedIn = Set(servers.filter(\.signedIn).map(\.serverID))
    guard !windowInView else { return }
    for server in lost {
      let notification = g_notification_new(trFormat("Signed Out of %@", server.name))!
      defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
      g_notification_set_body(notification, tr("The server no longer accepts this sign-in. Your places are kept."))
      g_notification_add_button_with_target_value(
        notification, tr("Reconnect"), "app.reconnect", g_variant_new_string(server.serverID))
      g_notification_set_default_action_and_target_value(
        notification, "app.reconnect", g_variant_new_string(server.serverID))
      g_application_send_notification(application, "signed-out:\(server.serverID)", notification)
    }
  }

  /// The listener is looking at Hark: the Downloads page says it already.
  private var windowInView: Bool {
    guard let window = window() else { return false }
    return gtk_widget_get_visible(window.cast(GtkWidget.self)) != 0 && gtk_window_is_active(window) != 0
  }

  private func changed(_ standings: [LibraryPath: DownloadStanding]) {
    defer { previous = standings }
    guard !windowInView else { return }
    for (key, standing) in standings where previous[key]?.status == .downloading {
      switch standing.status {
      case .downloaded:
        send(key, title: tr("Downloaded"), body: trFormat("“%@” plays without a connection now.", standing.title), retry: false)
      case .error:
        send(key, title: tr("Download Failed"), body: trFormat("“%1$@”: %2$@", standing.title, standing.message ?? tr("it stopped.")),
          retry: true)
      case .queued, .downloading, .paused:
        break
      }
    }
  }

  private func send(_ key: LibraryPath, title: String, body: String, retry: Bool) {
    let notification = g_notification_new(title)!
    defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
    g_notification_set_body(notification, body)
    g_notification_set_default_action(notification, "app.show-downloads")
    if retry {
      g_notification_add_button_with_target_value(
        notification, tr("Retry"), "app.retry-download", g_variant_new_string(key.rawValue))
    }
    g_application_send_notification(application, "download:\(key.rawValue)", notification)
  }
}
