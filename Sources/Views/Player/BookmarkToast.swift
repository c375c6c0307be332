import CAdw
import CGtk
import GObjectKit
import HarkCore

/// "Bookmark added at 12:34" over the window, for a bookmark added from the
/// player (Ctrl+B works from every page, and the Book page that lists
/// bookmarks is often not the one on screen). Said to a screen reader too.
@MainActor
final class BookmarkToast {
  private let overlay: Widget
  /// The last bookmark told of; nil until the first value is seen, which
  /// is what was there before this window (not news).
  private var toldSerial: Int?
  private var subscription: Subscription?

  init(overlay: Widget, store: Store) {
    self.overlay = overlay
    subscription = store.subscribe(selectBookmarkNotice) { [weak self] in self?.render($0) }
  }

  private func render(_ notice: BookmarkNoticeText?) {
    let serial = notice?.serial ?? 0
    defer { toldSerial = serial }
    guard let toldSerial, serial != toldSerial, let notice else { return }
    let toast = literalToast(notice.text)
    adw_toast_set_timeout(toast, 3)
    adw_toast_overlay_add_toast(overlay.opaque, toast)
    Announcements.announce(notice.text, from: overlay)
  }
}
