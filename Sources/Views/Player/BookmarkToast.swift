import CAdw
import CGtk
import GObjectKit
import HarkCore

/// "Bookmark added at 12:34" over the window, for a bookmark added from the
/// player (Ctrl+B works from every page, and the Book page that lists
/// bookmarks is often not the one on screen). Said to a screen reader too.
@MainActor
final class BookmarkToast {
  private var toast: NoticeToast
  private var subscription: Subscription?

  init(overlay: Widget, store: Store) {
    toast = NoticeToast(on: overlay, seconds: 3)
    subscription = store.subscribe(selectBookmarkNotice) { [weak self] in self?.render($0) }
  }

  private func render(_ notice: BookmarkNoticeText?) {
    toast.tell(notice?.text, serial: notice?.serial ?? 0)
  }
}
