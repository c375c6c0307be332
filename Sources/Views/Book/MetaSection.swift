import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Community metadata: the description and recording, characters and
/// recaps only up to the listener's place (a switch shows the rest), and
/// the other books in the series. Hidden entirely when there is none.
@MainActor
final class MetaSection {
  let widget: Widget
  private let store: Store
  private let about = RowsGroup(title: tr("About This Book"))
  private let description: Widget
  private let characters = RowsGroup(title: tr("Characters"))
  private let recaps = RowsGroup(title: tr("Recaps"))
  private let spoilers: Widget
  private let spoilerRow: Widget
  private let spoilerGroup = RowsGroup(title: "")
  private let series: Widget
  private var seriesGroups: [Widget] = []
  private var shownSeries: [MetaView.Series]?
  private var target: LibraryPath?

  init(store: Store) {
    self.store = store
    description = Make.label("")
    gtk_label_set_wrap(description.opaque, 1)
    gtk_label_set_xalign(description.opaque, 0)
    gtk_label_set_selectable(description.opaque, 1)
    spoilers = gtk_switch_new()!
    gtk_widget_set_valign(spoilers, GTK_ALIGN_CENTER)
    spoilerRow = RowsGroup.row(tr("Show Spoilers"), suffixes: [spoilers])
    adw_action_row_set_activatable_widget(spoilerRow.cast(AdwActionRow.self), spoilers)
    spoilerGroup.addFixed(spoilerRow)
    series = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 24)
    widget = Make.box(
      GTK_ORIENTATION_VERTICAL, spacing: 24, description, about.widget, spoilerGroup.widget, characters.widget,
      recaps.widget, series)
    Signals.connect(spoilers, "notify::active") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self, let target = self.target else { return }
      let on = gtk_switch_get_active(self.spoilers.opaque) != 0
      self.store.dispatch(.library(.spoilersRevealed(target, on)))
    }
  }

  func show(_ meta: MetaView?, for target: LibraryPath) {
    self.target = target
    widget.setVisible(meta != nil)
    guard let meta else { return }
    description.setLabelText(meta.description)
    description.setVisible(!meta.description.isEmpty)
    about.setRows(items: meta.facts) { RowsGroup.row($0.label, subtitle: $0.value) }
    about.widget.setVisible(!meta.facts.isEmpty)
    characters.setRows(items: meta.characters) {
      RowsGroup.row($0.name, subtitle: [$0.role, $0.description].filter { !$0.isEmpty }.joined(separator: " · "))
    }
    characters.widget.setVisible(!meta.characters.isEmpty)
    recaps.setRows(items: meta.recaps) { RowsGroup.row($0.title, subtitle: $0.text) }
    recaps.widget.setVisible(!meta.recaps.isEmpty)
    let hidden = meta.hidden
    spoilerRow.setRowSubtitle(
      meta.revealsSpoilers
        ? tr("Showing characters and recaps past your place")
        : hidden == 0 ? tr("Nothing is hidden at your place")
        : String(
          format: trPlural(
            "%d character or recap is past your place", "%d characters and recaps are past your place", hidden),
          hidden))
    spoilerGroup.widget.setVisible(hidden > 0 || meta.revealsSpoilers)
    if (gtk_switch_get_active(spoilers.opaque) != 0) != meta.revealsSpoilers {
      gtk_switch_set_active(spoilers.opaque, meta.revealsSpoilers ? 1 : 0)
    }
    // Rebuilt only when they change: the page renders every second while its book plays.
    guard meta.series != shownSeries else { return }
    shownSeries = meta.series
    for group in seriesGroups { gtk_box_remove(series.cast(GtkBox.self), group) }
    seriesGroups = meta.series.map { rail in
      let group = RowsGroup(title: trFormat("More in %@", rail.name))
      // TRANSLATORS: a book's place in its series, "Book 2".
      group.setRows(rail.works.map { RowsGroup.row($0.title, subtitle: $0.position.isEmpty ? "" : trFormat("Book %@", $0.position)) })
      return group.widget
    }
    for group in seriesGroups { gtk_box_append(series.cast(GtkBox.self), group) }
    series.setVisible(!seriesGroups.isEmpty)
  }
}
