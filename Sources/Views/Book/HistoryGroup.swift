import HarkCore

/// The Book page's listening history, newest first, each session named by
/// its chapters.
@MainActor
final class HistoryGroup {
  private let group = RowsGroup(title: tr("Listening History"))

  var widget: Widget { group.widget }

  func show(_ history: Loadable<[HistoryRow]>) {
    group.setRows(for: history) { () -> [Widget] in
      switch history {
      case .loading:
        return [RowsGroup.statusRow(tr("Loading history…"))]
      case .failed(let message):
        return [RowsGroup.statusRow(message)]
      case .loaded(let rows) where rows.isEmpty:
        return [RowsGroup.statusRow(tr("Nothing listened yet"))]
      case .loaded(let rows):
        return rows.map { RowsGroup.row($0.title, subtitle: $0.detail) }
      }
    }
  }
}
