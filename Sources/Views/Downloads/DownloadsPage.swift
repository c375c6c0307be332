import CAdw
import Foundation
import CGtk
import GObjectKit
import HarkCore

/// The Downloads page: storage used, then books downloading, waiting,
/// failed and downloaded, each section shown only when it has books.
@MainActor
public final class DownloadsPage {
  public let widget: Widget
  private let store: Store
  private let storage: Widget
  private let waiting: Widget
  private var sections: [DownloadSection] = []
  private var subscription: Subscription?

  public init(store: Store) {
    self.store = store
    storage = Make.label("", classes: "dim-label")
    gtk_label_set_xalign(storage.opaque, 0)
    waiting = Make.label("")
    gtk_label_set_xalign(waiting.opaque, 0)
    gtk_label_set_wrap(waiting.opaque, 1)
    waiting.addClasses("hark-inline-error")
    let column = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 24, storage, waiting)
    let folder: @MainActor (LibraryPath) -> URL? = { [weak store] key in store?.state.downloads.entries[key]?.folder }
    for title in [tr("Downloading"), tr("Waiting"), tr("Failed"), tr("Downloaded")] {
      let section = DownloadSection(title: title, store: store, folder: folder)
      sections.append(section)
      gtk_box_append(column.cast(GtkBox.self), section.widget)
    }
    column.setMargins(24)
    let clamp = adw_clamp_new()!
    adw_clamp_set_child(clamp.opaque, column)
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(scroller.opaque, clamp)
    gtk_widget_set_vexpand(scroller, 1)
    widget = scroller
    subscription = store.subscribe(memoized(selectDownloadsPageInput, selectDownloadsPage)) { [weak self] in self?.render($0) }
  }

  private func render(_ view: DownloadsPageView) {
    storage.setLabelText(view.storage)
    waiting.setLabelText(view.waiting ?? "")
    waiting.setVisible(view.waiting != nil)
    let focused = sections.lazy.compactMap(\.focusedKey).first
    for (section, rows) in zip(sections, [view.downloading, view.queued, view.failed, view.downloaded]) {
      section.show(rows)
    }
    // A book that moved to another section (downloaded, failed) has a new
    // row there: the keyboard focus follows the book, rather than falling
    // back to the window.
    guard let focused, !sections.contains(where: { $0.focusedKey == focused }) else { return }
    for section in sections where section.focus(focused) { return }
  }
}

/// One titled group of download rows, updated in place by key: a row keeps
/// the keyboard focus through progress, and through books coming, going
/// and moving earlier or later around it.
@MainActor
final class DownloadSection {
  private let rows: RowsGroup
  private let store: Store
  private let folder: @MainActor (LibraryPath) -> URL?

  var widget: Widget { rows.widget }

  init(title: String, store: Store, folder: @escaping @MainActor (LibraryPath) -> URL?) {
    self.store = store
    self.folder = folder
    rows = RowsGroup(title: title)
  }

  /// The book whose row holds the keyboard focus.
  var focusedKey: LibraryPath? { rows.focusedItem(DownloadRow.self)?.key }

  func focus(_ key: LibraryPath) -> Bool {
    rows.focusRow(DownloadRow.self) { $0.key == key }
  }

  func show(_ wanted: [DownloadRow]) {
    rows.setRows(items: wanted, id: { $0.key }) { row in
      let view = DownloadRowView(store: store, row: row, folder: folder)
      // The row view lives as long as its row is shown (its update holds it).
      return RowsGroup.Made(view.widget, update: view.update)
    }
    widget.setVisible(!wanted.isEmpty)
  }
}
