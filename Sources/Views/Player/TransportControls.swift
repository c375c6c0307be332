import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Player page's row of big controls: previous chapter, skip back (with
/// its seconds on it), play/pause, skip forward, next chapter.
@MainActor
final class TransportControls {
  let widget: Widget
  private let store: Store
  private let skipBack: Widget
  private let skipBackLabel: Widget
  private let skipForward: Widget
  private let skipForwardLabel: Widget
  private let playPause: Widget
  private let spinner: Widget
  private let playIcon: Widget

  init(store: Store) {
    self.store = store
    let previous = Self.roundButton("media-skip-backward-symbolic", label: tr("Previous Chapter"))
    let next = Self.roundButton("media-skip-forward-symbolic", label: tr("Next Chapter"))
    (skipBack, skipBackLabel) = Self.skipButton("media-seek-backward-symbolic")
    (skipForward, skipForwardLabel) = Self.skipButton("media-seek-forward-symbolic")
    playIcon = Make.icon("media-playback-start-symbolic")
    gtk_image_set_pixel_size(playIcon.opaque, 32)
    spinner = Make.spinner(size: 32)
    gtk_widget_set_visible(spinner, 0)
    playPause = gtk_button_new()!
    gtk_button_set_child(playPause.cast(GtkButton.self), Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, playIcon, spinner))
    playPause.addClasses("circular", "suggested-action", "hark-play-button")
    gtk_widget_set_valign(playPause, GTK_ALIGN_CENTER)
    widget = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, previous, skipBack, playPause, skipForward, next)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    // Previous on the left, next on the right, arrows as drawn, in every
    // language: the seek bar above runs that way too (MediaDirection).
    MediaDirection.keepLeftToRight(widget)

    Signals.connect(previous, "clicked") { [weak self] in self?.store.playback(.previousChapter) }
    Signals.connect(next, "clicked") { [weak self] in self?.store.playback(.nextChapter) }
    Signals.connect(playPause, "clicked") { [weak self] in self?.store.playback(.toggle) }
    Signals.connect(skipBack, "clicked") { [weak self] in self?.store.skip(.back) }
    Signals.connect(skipForward, "clicked") { [weak self] in self?.store.skip(.forward) }
  }

  func show(_ view: PlayerPageView) {
    skipBackLabel.setLabelText("\(view.skipBackSeconds)")
    skipForwardLabel.setLabelText("\(view.skipForwardSeconds)")
    let back = String(format: trPlural("Skip Back %d Second", "Skip Back %d Seconds", view.skipBackSeconds), view.skipBackSeconds)
    let forward = String(
      format: trPlural("Skip Forward %d Second", "Skip Forward %d Seconds", view.skipForwardSeconds),
      view.skipForwardSeconds)
    skipBack.setAccessibleLabel(back)
    skipBack.setTooltip(back)
    skipForward.setAccessibleLabel(forward)
    skipForward.setTooltip(forward)
    let loading = view.status == .loading
    let playing = view.status == .playing
    spinner.setVisible(loading)
    playIcon.setVisible(!loading)
    playIcon.setImageIcon(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
    // While loading the button still pauses: a listener may change their mind.
    let name = playing || loading ? tr("Pause") : tr("Play")
    playPause.setAccessibleLabel(name)
    playPause.setTooltip(name)
  }

  private static func roundButton(_ icon: String, label: String) -> Widget {
    let button = Make.iconButton(icon, tooltip: label)
    button.addClasses("circular", "flat")
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return button
  }

  /// An arrow with the number of seconds under it, like the phone apps.
  private static func skipButton(_ icon: String) -> (Widget, Widget) {
    let label = Make.label("", classes: "caption", "numeric")
    let content = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, Make.icon(icon), label)
    let button = gtk_button_new()!
    gtk_button_set_child(button.cast(GtkButton.self), content)
    button.addClasses("flat")
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return (button, label)
  }
}
