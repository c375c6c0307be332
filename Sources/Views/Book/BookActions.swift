import CAdw
import CGtk
import CWrapBox
import GObjectKit
import HarkCore

/// Under the book's title: where the listener is, "Mark as Finished", the
/// favourite star, and the last change that failed.
@MainActor
final class BookActions {
  let widget: Widget
  private let store: Store
  private let resume: Widget
  private let play: Widget
  /// This book is in the player: the button pauses and resumes it.
  private var inPlayer = false
  private let finished: Widget
  private let favourite: Widget
  private let error: Widget
  private let errorText: Widget
  private var target: LibraryPath?
  private let download: BookDownloadControl

  init(store: Store) {
    self.store = store
    // The place moves every second while this book plays: an inscription,
    // so the window is not laid out again each time (see SteadyText).
    resume = SteadyText.make(minimumChars: 12, classes: "dim-label")
    gtk_widget_set_hexpand(resume, 1)
    play = gtk_button_new_with_label(tr("Play"))!
    play.addClasses("pill", "suggested-action")
    finished = gtk_button_new_with_label(tr("Mark as Finished"))!
    finished.addClasses("pill")
    favourite = gtk_toggle_button_new()!
    gtk_button_set_icon_name(favourite.cast(GtkButton.self), "non-starred-symbolic")
    favourite.addClasses("circular")
    gtk_widget_set_valign(favourite, GTK_ALIGN_CENTER)
    // One row where the page is wide enough, more where it is not: the
    // Book page must fit a 360 px phone with "Mark as Unfinished" spelled out.
    download = BookDownloadControl(store: store)
    let buttons = hark_wrap_box_new(12, 12)!
    for child in [Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, play, favourite), finished, download.widget] {
      hark_wrap_box_append(buttons, child)
    }
    errorText = Make.label("")
    gtk_label_set_wrap(errorText.opaque, 1)
    gtk_label_set_xalign(errorText.opaque, 0)
    gtk_widget_set_hexpand(errorText, 1)
    let dismiss = RowsGroup.iconButton("window-close-symbolic", label: tr("Dismiss"))
    error = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, errorText, dismiss)
    error.addClasses("hark-inline-error")
    error.setVisible(false)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 12, resume, buttons, error)

    Signals.connect(play, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      if self.inPlayer { self.store.playback(.toggle) } else { self.store.play(target, from: .resume) }
    }
    Signals.connect(finished, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.dispatch(.library(.finishedToggled(target)))
    }
    Signals.connect(favourite, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.dispatch(.library(.favouriteToggled(target)))
    }
    Signals.connect(dismiss, "clicked") { [weak self] in
      guard let self, let target = self.target else { return }
      self.store.dispatch(.library(.errorDismissed(target)))
    }
  }

  /// - Parameter needsServer: why the book cannot play now; Play keeps
  ///   working (a click says why, under it) and its tooltip says it too.
  /// The listener's attention is on the book just opened: its main action.
  func focusPlay() {
    gtk_widget_grab_focus(play)
  }

  func show(_ extras: BookExtrasView, for target: LibraryPath, inPlayer: Bool, playing: Bool, needsServer: String?) {
    self.target = target
    self.inPlayer = inPlayer
    resume.setSteadyText(extras.resume)
    let playText = inPlayer ? (playing ? tr("Pause") : tr("Resume")) : extras.playLabel
    if String(cString: gtk_button_get_label(play.cast(GtkButton.self))) != playText {
      gtk_button_set_label(play.cast(GtkButton.self), playText)
    }
    // Not dimmed: a button that cannot be pressed cannot explain itself.
    play.setTooltip(inPlayer ? nil : needsServer)
    hark_accessible_set_description(play, inPlayer ? "" : needsServer ?? "")
    finished.setButtonLabel(extras.isFinished ? tr("Mark as Unfinished") : tr("Mark as Finished"))
    // The click already flipped the button; set it from the state either way.
    let starred = gtk_toggle_button_get_active(favourite.cast(GtkToggleButton.self)) != 0
    if starred != extras.isFavourite { gtk_toggle_button_set_active(favourite.cast(GtkToggleButton.self), extras.isFavourite ? 1 : 0) }
    favourite.setButtonIcon(extras.isFavourite ? "starred-symbolic" : "non-starred-symbolic")
    let label = extras.isFavourite ? tr("Remove from Favourites") : tr("Add to Favourites")
    favourite.setTooltip(label)
    favourite.setAccessibleLabel(label)
    errorText.setLabelText(extras.error ?? "")
    error.setVisible(extras.error != nil)
  }
}
