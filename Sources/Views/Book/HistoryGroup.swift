import HarkCore

/// The Book page's listening history, newest first, each session named by
/// its chapters.
@MainActor
final class HistoryGroup {
  private let group = RowsGroup(title: tr("Listening History"))

  var widget: Widget { group.widget }

  func show(_ history: Loadable<[HistoryRow]>) {
    group.setRows(for: history, loading: tr("Loading history…"), empty: tr("Nothing listened yet")) {
      RowsGroup.row($0.title, subtitle: $0.detail)
    }
  }
}
