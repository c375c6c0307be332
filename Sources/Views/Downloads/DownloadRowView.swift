import CAdw
import Foundation
import CGtk
import GObjectKit
import HarkCore

/// One book on the Downloads page: title, what is happening in words, a
/// progress bar while bytes move, and the buttons its state allows. Kept
/// and updated in place as progress arrives, so keyboard focus on its
/// Pause button survives four updates a second.
@MainActor
final class DownloadRowView {
  let widget: Widget
  private let store: Store
  private let progress: Widget
  private let earlier: Widget
  private let later: Widget
  private let pause: Widget
  private let resume: Widget
  private let retry: Widget
  private let cancel: Widget
  private let play: Widget
  private let openFolder: Widget
  private let delete: Widget
  private(set) var shown: DownloadRow

  init(store: Store, row: DownloadRow, folder: @escaping @MainActor (LibraryPath) -> URL?) {
    self.store = store
    shown = row
    widget = adw_action_row_new()!
    adw_action_row_set_subtitle_lines(widget.cast(AdwActionRow.self), 2)
    progress = gtk_progress_bar_new()!
    gtk_widget_set_valign(progress, GTK_ALIGN_CENTER)
    gtk_widget_set_size_request(progress, 72, -1)
    earlier = RowsGroup.iconButton("go-up-symbolic", label: tr("Download Earlier"))
    later = RowsGroup.iconButton("go-down-symbolic", label: tr("Download Later"))
    pause = RowsGroup.iconButton("media-playback-pause-symbolic", label: tr("Pause Download"))
    resume = RowsGroup.iconButton("media-playback-start-symbolic", label: tr("Resume Download"))
    retry = RowsGroup.iconButton("view-refresh-symbolic", label: tr("Retry Download"))
    cancel = RowsGroup.iconButton("process-stop-symbolic", label: tr("Cancel Download"))
    play = RowsGroup.iconButton("media-playback-start-symbolic", label: tr("Play"))
    openFolder = RowsGroup.iconButton("folder-open-symbolic", label: tr("Open Folder"))
    delete = RowsGroup.iconButton("user-trash-symbolic", label: tr("Delete Download"))
    for suffix in [progress, earlier, later, pause, resume, retry, play, openFolder, cancel, delete] {
      adw_action_row_add_suffix(widget.cast(AdwActionRow.self), suffix)
    }
    gtk_list_box_row_set_activatable(widget.cast(GtkListBoxRow.self), 1)
    connect(folder: folder)
    update(row)
  }

  private func connect(folder: @escaping @MainActor (LibraryPath) -> URL?) {
    let send: (Widget, @escaping (LibraryPath) -> HarkCore.Action) -> Void = { button, action in
      Signals.connect(button, "clicked") { [weak self] in
        guard let self else { return }
        self.store.dispatch(action(self.shown.key))
      }
    }
    send(earlier) { .downloads(.moveRequested($0, earlier: true)) }
    send(later) { .downloads(.moveRequested($0, earlier: false)) }
    send(pause) { .downloads(.pauseRequested($0)) }
    send(resume) { .downloads(.resumeRequested($0)) }
    send(retry) { .downloads(.retryRequested($0)) }
    send(cancel) { .downloads(.cancelRequested($0)) }
    send(delete) { .downloads(.deleteRequested($0)) }
    send(play) { .player(.playRequested($0, .resume, at: Date())) }
    // The row itself opens the book's page.
    Signals.connect(widget, "activated") { [weak self] in
      guard let self else { return }
      self.store.dispatch(.library(.bookOpened(self.shown.key)))
    }
    Signals.connect(openFolder, "clicked") { [weak self] in
      guard let self, let url = folder(self.shown.key) else { return }
      let root = gtk_widget_get_root(self.widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
      gtk_show_uri(root, url.absoluteString, UInt32(GDK_CURRENT_TIME))
    }
  }

  func update(_ row: DownloadRow) {
    // A button pressed from the keyboard may hide itself (Pause becomes
    // Resume): the focus then goes to the button in its place, else to the
    // row, never back to the window.
    let buttons = [earlier, later, pause, resume, retry, cancel, play, openFolder, delete]
    let focused = buttons.first { gtk_widget_has_focus($0) != 0 }
    defer { if let focused, gtk_widget_get_visible(focused) == 0 { focusInstead(of: focused) } }
    shown = row
    widget.setRowTitle(row.title)
    widget.setRowSubtitle(row.detail)
    if let fraction = row.fraction {
      gtk_progress_bar_set_fraction(progress.opaque, fraction)
      progress.setAccessibleLabel(trFormat("%d %% downloaded", Int(fraction * 100)))
    }
    progress.setVisible(row.fraction != nil)
    earlier.setVisible(row.canMoveEarlier)
    later.setVisible(row.canMoveLater)
    pause.setVisible(row.status == .downloading || row.status == .queued)
    resume.setVisible(row.status == .paused)
    retry.setVisible(row.status == .error)
    cancel.setVisible(row.status != .downloaded)
    play.setVisible(row.status == .downloaded)
    openFolder.setVisible(row.status == .downloaded)
    delete.setVisible(row.status == .downloaded)
    gtk_widget_set_tooltip_text(cancel, row.status == .error ? tr("Remove") : tr("Cancel Download"))
    cancel.setAccessibleLabel(row.status == .error ? tr("Remove") : tr("Cancel Download"))
  }

  private func focusInstead(of hidden: Widget) {
    let partner: Widget? =
      switch hidden {
      case pause: resume
      case resume: pause
      case earlier: later
      case later: earlier
      case retry, cancel: retry == hidden ? cancel : retry
      default: nil
      }
    if let partner, gtk_widget_get_visible(partner) != 0, gtk_widget_grab_focus(partner) != 0 { return }
    gtk_widget_grab_focus(widget)
  }
}
