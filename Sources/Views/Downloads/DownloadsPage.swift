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
    subscription = store.subscribe(selectDownloadsPage) { [weak self] in self?.render($0) }
  }

  private func render(_ view: DownloadsPageView) {
    storage.setLabelText(view.storage)
    waiting.setLabelText(view.waiting ?? "")
    waiting.setVisible(view.waiting != nil)
    for (section, rows) in zip(sections, [view.downloading, view.queued, view.failed, view.downloaded]) {
      section.show(rows)
    }
  }
}

/// One titled group of download rows, updated in place by key.
@MainActor
final class DownloadSection {
  let widget: Widget
  private let store: Store
  private let folder: @MainActor (LibraryPath) -> URL?
  private var rows: [DownloadRowView] = []

  init(title: String, store: Store, folder: @escaping @MainActor (LibraryPath) -> URL?) {
    self.store = store
    self.folder = folder
    widget = adw_preferences_group_new()!
    widget.setGroupTitle(title)
  }

  func show(_ wanted: [DownloadRow]) {
    let group = widget.cast(AdwPreferencesGroup.self)
    if rows.map(\.shown.key) == wanted.map(\.key) {
      for (view, row) in zip(rows, wanted) where view.shown != row { view.update(row) }
    } else {
      // The set or its order changed: keep the rows still wanted (and the
      // focus inside them), add the new ones, in the wanted order.
      var kept = Dictionary(uniqueKeysWithValues: rows.map { ($0.shown.key, $0) })
      for view in rows { g_object_ref(view.widget.gobject); adw_preferences_group_remove(group, view.widget) }
      var next: [DownloadRowView] = []
      for row in wanted {
        if let view = kept.removeValue(forKey: row.key) {
          view.update(row)
          adw_preferences_group_add(group, view.widget)
          g_object_unref(view.widget.gobject)
          next.append(view)
        } else {
          let view = DownloadRowView(store: store, row: row, folder: folder)
          adw_preferences_group_add(group, view.widget)
          next.append(view)
        }
      }
      for view in kept.values { g_object_unref(view.widget.gobject) }
      rows = next
    }
    widget.setVisible(!wanted.isEmpty)
  }
}
