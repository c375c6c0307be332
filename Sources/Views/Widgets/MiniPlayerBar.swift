import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The bar under every page: what is playing, time left, skip back and
/// play/pause, with a thin line for progress through the current chapter.
/// Clicking it opens the Player page.
///
/// With nothing playing it stays in place (so the layout never jumps) and
/// says so, with its controls insensitive.
@MainActor
public final class MiniPlayerBar {
  public let widget: Widget
  private let store: Store
  private let progress = ProgressLine()
  private let covers: CoverLoader
  private let cover = CoverImage(size: 40)
  private var shownBook: LibraryPath?
  private let title: Widget
  private let subtitle: Widget
  private let timeLeft: Widget
  private let skipBack: Widget
  private let playPause: Widget
  private let openPlayer: Widget
  private var subscription: Subscription?
  private var settingsSubscription: Subscription?

  init(store: Store, covers: CoverLoader) {
    self.store = store
    self.covers = covers
    title = Make.label("", classes: "heading")
    subtitle = Make.label("", classes: "dim-label", "caption")
    for label in [title, subtitle] {
      gtk_label_set_xalign(label.opaque, 0)
      gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
    }
    // Changes every second while playing: an inscription, not a label, so
    // the window is not laid out again each time (see SteadyText).
    timeLeft = SteadyText.make(classes: "dim-label", "numeric", "caption")
    SteadyText.align(timeLeft, 1)
    gtk_widget_set_valign(timeLeft, GTK_ALIGN_CENTER)
    let text = Make.box(GTK_ORIENTATION_VERTICAL, title, subtitle)
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(text, 1)
    // The cover and titles form one flat button: the bar's "open player" target.
    let summary = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, cover.widget, text, timeLeft)
    openPlayer = gtk_button_new()
    gtk_button_set_child(openPlayer.cast(GtkButton.self), summary)
    openPlayer.addClasses("flat")
    gtk_widget_set_hexpand(openPlayer, 1)
    openPlayer.setAccessibleLabel(tr("Open Player"))
    skipBack = Make.iconButton("media-seek-backward-symbolic", tooltip: tr("Skip Back"))
    playPause = Make.iconButton("media-playback-start-symbolic", tooltip: tr("Play"))
    for button in [skipBack, playPause] {
      button.addClasses("circular", "flat")
      gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    }
    // The buttons keep their order and arrows in a right-to-left language
    // (MediaDirection); the bar itself mirrors, so they sit at its end.
    let controls = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, skipBack, playPause)
    MediaDirection.keepLeftToRight(controls)
    let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, openPlayer, controls)
    row.setMargins(6)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, progress.widget, row)
    widget.addClasses("mini-player")
    widget.setAccessibleLabel(tr("Mini Player"))
    connectWidgets()
    subscription = store.subscribe(selectMiniPlayer) { [weak self] in self?.render($0) }
    settingsSubscription = store.subscribe({ $0.settings.skipBackSeconds }) { [weak self] seconds in
      let label = String(format: trPlural("Skip Back %d Second", "Skip Back %d Seconds", seconds), seconds)
      self?.skipBack.setAccessibleLabel(label)
      if let skipBack = self?.skipBack { gtk_widget_set_tooltip_text(skipBack, label) }
    }
  }

  private func connectWidgets() {
    Signals.connect(openPlayer, "clicked") { [weak self] in
      self?.store.dispatch(.ui(.pageSelected(.player)))
    }
    Signals.connect(playPause, "clicked") { [weak self] in self?.store.playback(.toggle) }
    Signals.connect(skipBack, "clicked") { [weak self] in self?.store.skip(.back) }
  }

  private var shownAbout: String?

  private func render(_ state: MiniPlayerViewState) {
    widget.setVisible(state.isShown)
    if state.book != shownBook {
      shownBook = state.book
      if let book = state.book { covers.load(cover, for: book) } else { covers.clear(cover) }
    }
    title.setLabelText(state.title)
    subtitle.setLabelText(state.subtitle)
    subtitle.setVisible(!state.subtitle.isEmpty)
    // "Open Player" says where it goes; which book, the description says
    // (the name stays short, as a screen reader's users prefer).
    let about = [state.title, state.subtitle].filter { !$0.isEmpty }.joined(separator: ", ")
    if about != shownAbout {
      shownAbout = about
      hark_accessible_set_description(openPlayer, about)
    }
    timeLeft.setSteadyText(state.timeLeftText)
    timeLeft.setVisible(!state.timeLeftText.isEmpty)
    progress.show(state.progress)
    skipBack.setSensitive(state.canSkip)
    playPause.setSensitive(state.isActive)
    let icon = state.isPlaying ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"
    playPause.setButtonIcon(icon)
    let name = state.isPlaying ? tr("Pause") : tr("Play")
    playPause.setTooltip(name)
    playPause.setAccessibleLabel(name)
  }
}
