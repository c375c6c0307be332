import HarkCore

/// The Book page's listening history, newest first, each session named by
/// its chapters.
@MainActor
final class HistoryGroup {
  private let group = RowsGroup(title: tr("Listening History"))

  var widget: Widget { group.widget }

  func show(_ history: Loadable<[HistoryRow]>) {
    group.setRows(for: history, loading: tr("Loading history…"), empty: tr("Nothing listened yet")) { span in
      let row = RowsGroup.row(span.title, subtitle: span.detail)
      // "2 minutes ago" ticks on: the same row says it, so a listener
      // reading the history with the keyboard keeps their place.
      return RowsGroup.Made(row) { span in
        row.setRowTitle(span.title)
        row.setRowSubtitle(span.detail)
      }
    }
  }
}
