import HarkCore

/// The Book page's listening history, newest first, each session named by
/// its chapters.
@MainActor
final class HistoryGroup {
  private let group = RowsGroup(title: tr("Listening History"))

  var widget: Widget { group.widget }

  func show(_ history: Loadable<[HistoryRow]>) {
    switch history {
    case .loading:
      group.setRows([RowsGroup.statusRow(tr("Loading history…"))])
    case .failed(let message):
      group.setRows([RowsGroup.statusRow(message)])
    case .loaded(let rows) where rows.isEmpty:
      group.setRows([RowsGroup.statusRow(tr("Nothing listened yet"))])
    case .loaded(let rows):
      group.setRows(rows.map { RowsGroup.row($0.title, subtitle: $0.detail) })
    }
  }
}
