import CAdw
import CGtk
import GObjectKit
import HarkCore

/// What the library scans left out, and why, in the listener's words: a
/// file that is not audio, an empty one, a folder Hark may not read.
@MainActor
enum SkippedFilesWindow {
  /// Rows shown at most: a folder of thousands of broken files needs its
  /// first ones named, not a list the window takes seconds to build.
  static let shownAtMost = 500

  static func present(_ skipped: [LocalScanSkip], parent: Widget) {
    let window = adw_window_new()!
    gtk_window_set_title(window.cast(GtkWindow.self), tr("Skipped Files"))
    gtk_window_set_transient_for(window.cast(GtkWindow.self), parent.cast(GtkWindow.self))
    gtk_window_set_modal(window.cast(GtkWindow.self), 1)
    gtk_window_set_default_size(window.cast(GtkWindow.self), 520, 480)
    let summary = RowsGroup(
      title: String(format: trPlural("%d File Skipped", "%d Files Skipped", skipped.count), skipped.count),
      description: tr("These are not in the library. Fix or remove them: Hark looks again when they change."))
    let page = adw_preferences_page_new()!
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), summary.widget.cast(AdwPreferencesGroup.self))
    // One group per library folder, titled with its name, its path below:
    // the listener sees which folder each file is in.
    let shown = Array(skipped.prefix(shownAtMost))
    var order: [String] = []
    for skip in shown where !order.contains(skip.folder) { order.append(skip.folder) }
    for folder in order {
      let inFolder = shown.filter { $0.folder == folder }
      // Translators: the name of a library folder.
      let group = RowsGroup(title: trFormat("In “%@”", inFolder[0].folderName), description: folder)
      var rows = inFolder.map { skip in
        RowsGroup.row(skip.relPath.isEmpty ? tr("The library folder") : skip.relPath, subtitle: tr(skip.reason))
      }
      if folder == order.last, skipped.count > shownAtMost {
        rows.append(RowsGroup.statusRow(trFormat("and %d more", skipped.count - shownAtMost)))
      }
      group.setRows(rows)
      adw_preferences_page_add(page.cast(AdwPreferencesPage.self), group.widget.cast(AdwPreferencesGroup.self))
    }
    let header = adw_header_bar_new()!
    let content = Make.box(GTK_ORIENTATION_VERTICAL, header, page)
    gtk_widget_set_vexpand(page, 1)
    adw_window_set_content(window.cast(AdwWindow.self), content)
    // Escape closes it, like a dialog.
    let escape = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      escape, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
    gtk_widget_add_controller(window, escape)
    gtk_window_present(window.cast(GtkWindow.self))
  }
}
