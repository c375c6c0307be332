import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Stand-in for the chapter-relative seek bar (its own widget, landing
/// separately): the chapter's elapsed and remaining time either side of a
/// progress line, so the page says where playback is in the meantime.
@MainActor
final class PlayerSeekBar {
  let widget: Widget
  private let store: Store
  private let progress: Widget
  private let elapsed: Widget
  private let remaining: Widget

  init(store: Store) {
    self.store = store
    progress = gtk_progress_bar_new()!
    progress.setAccessibleLabel("Position in Chapter")
    elapsed = Make.label("0:00", classes: "dim-label", "numeric", "caption")
    remaining = Make.label("", classes: "dim-label", "numeric", "caption")
    gtk_widget_set_hexpand(elapsed, 1)
    gtk_label_set_xalign(elapsed.opaque, 0)
    gtk_label_set_xalign(remaining.opaque, 1)
    let times = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, elapsed, remaining)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, progress, times)
  }

  func show(_ view: PlayerPageView) {
    let length = max(0, view.chapterEnd - view.chapterStart)
    let into = min(max(0, view.bookPosition - view.chapterStart), length)
    gtk_progress_bar_set_fraction(progress.opaque, length > 0 ? into / length : 0)
    elapsed.setLabelText(formatClock(into))
    remaining.setLabelText("-\(formatClock(length - into))")
  }
}
