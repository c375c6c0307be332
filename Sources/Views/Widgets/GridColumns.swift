import CGtk
import GObjectKit

/// Keeps a `GtkGridView`'s `max-columns` at what fits its width. GTK 4.8
/// keeps about `max-columns` × 30 cells alive whatever is on screen, so a
/// generous fixed maximum (12) built 385 cover tiles for a window showing
/// 15; fitting it keeps the cells (and their decoded covers) in proportion
/// to the window (measured with `scripts/bench-grid`).
@MainActor
enum GridColumns {
  /// A tile's width with its margins and the grid's cell padding.
  static let cellWidth = 170.0

  /// - Parameter maximumWidth: the clamp around the grid; wider windows
  ///   add margins, not columns.
  static func fit(_ grid: OpaquePointer, in adjustment: UnsafeMutablePointer<GtkAdjustment>?, maximumWidth: Double) {
    guard let adjustment else { return }
    Signals.connect(adjustment, "changed") {
      let width = min(gtk_adjustment_get_page_size(adjustment), maximumWidth)
      guard width > 0 else { return }
      let columns = UInt32(min(12, max(1, Int(width / cellWidth))))
      if gtk_grid_view_get_max_columns(grid) != columns { gtk_grid_view_set_max_columns(grid, columns) }
    }
  }
}
