import CAdw
import CGtk
import Foundation
import GObjectKit
import HarkCore

/// The Player page's "Up Next" card at the end of a book: the next book in
/// its folder with Play, and while the countdown runs, how long until it
/// starts and Cancel. One row, updated in place: the countdown changes it
/// every second and a rebuilt row would lose keyboard focus.
@MainActor
final class UpNextSection {
  let widget: Widget
  private let store: Store
  private let row: Widget
  private let cancel: Widget
  private var subscription: Subscription?

  init(store: Store) {
    self.store = store
    widget = adw_preferences_group_new()!
    widget.setGroupTitle(tr("Up Next"))
    let play = gtk_button_new_with_label(tr("Play"))!
    play.addClasses("suggested-action")
    play.setAccessibleLabel(tr("Play the Next Book"))
    cancel = gtk_button_new_with_label(tr("Cancel"))!
    cancel.setAccessibleLabel(tr("Cancel Playing the Next Book"))
    for button in [cancel, play] { gtk_widget_set_valign(button, GTK_ALIGN_CENTER) }
    row = RowsGroup.row("", suffixes: [cancel, play])
    adw_preferences_group_add(widget.cast(AdwPreferencesGroup.self), row)
    widget.setVisible(false)
    Signals.connect(play, "clicked") { [weak self] in self?.store.dispatch(.player(.upNextPlayRequested(at: Date()))) }
    Signals.connect(cancel, "clicked") { [weak self] in self?.store.dispatch(.player(.upNextCountdownCancelled)) }
    subscription = store.subscribe(selectUpNextCard) { [weak self] in self?.render($0) }
  }

  private func render(_ card: UpNextCard?) {
    widget.setVisible(card != nil)
    guard let card else { return }
    row.setRowTitle(card.title)
    let subtitle = [card.subtitle, card.countdownText].filter { !$0.isEmpty }.joined(separator: " · ")
    row.setRowSubtitle(subtitle)
    cancel.setVisible(!card.countdownText.isEmpty)
  }
}
