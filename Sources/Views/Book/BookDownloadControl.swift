import CAdw
import Foundation
import CGtk
import GObjectKit
import HarkCore

/// The Book page's download button: its label is what a click does next
/// (Download, Pause, Resume, Retry, Delete), its tooltip the state in words,
/// and a progress bar below it fills while the book downloads.
@MainActor
final class BookDownloadControl {
  let widget: Widget
  private let store: Store
  private let button: Widget
  private let progress: Widget
  private var shown: BookDownloadView?
  private var subscription: Subscription?

  init(store: Store) {
    self.store = store
    button = gtk_button_new_with_label(tr("Download"))!
    button.addClasses("pill")
    progress = gtk_progress_bar_new()!
    progress.addClasses("osd")
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 6, button, progress)
    gtk_widget_set_halign(widget, GTK_ALIGN_START)
    Signals.connect(button, "clicked") { [weak self] in self?.clicked() }
    subscription = store.subscribe(selectBookDownload) { [weak self] in self?.render($0) }
  }

  private func clicked() {
    guard let shown else { return }
    let book = shown.book
    switch shown.action {
    case .download: store.dispatch(.downloads(.requested(book, at: Date())))
    case .pause: store.dispatch(.downloads(.pauseRequested(book)))
    case .resume: store.dispatch(.downloads(.resumeRequested(book)))
    case .retry: store.dispatch(.downloads(.retryRequested(book)))
    case .delete: store.dispatch(.downloads(.deleteRequested(book)))
    }
  }

  private func render(_ view: BookDownloadView?) {
    shown = view
    widget.setVisible(view != nil)
    guard let view else { return }
    if String(cString: gtk_button_get_label(button.cast(GtkButton.self))) != view.label {
      gtk_button_set_label(button.cast(GtkButton.self), view.label)
    }
    button.setTooltip(view.detail)
    hark_accessible_set_description(button, view.detail)
    progress.setVisible(view.fraction != nil)
    if let fraction = view.fraction {
      gtk_progress_bar_set_fraction(progress.opaque, fraction)
      progress.setAccessibleLabel(view.detail)
    }
  }
}
