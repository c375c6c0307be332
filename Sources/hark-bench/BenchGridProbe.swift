import CGtk
import GObjectKit
import Views

/// What the All Books grid shows at one moment, for `BenchGridHooks`.
struct GridScreen: Equatable {
  /// Tile widgets the grid has built (its children), on screen or not.
  var realized = 0
  /// Tiles that intersect the scrolled window's viewport.
  var visible = 0
  /// Visible tiles whose cover is final (`CoverImage.isSettled`).
  var settled = 0

  /// Every tile on screen shows its cover, or its placeholder for good.
  var isComplete: Bool { visible > 0 && settled == visible }
}

/// Finds the All Books grid in a window and reads it the way the listener
/// sees it: which tiles intersect the viewport and whether their covers are
/// final. It only reads the widget tree and moves the scroll adjustment;
/// it never changes what the grid shows.
@MainActor
final class BenchGridProbe {
  private let grid: ObjectRef
  private let scroller: ObjectRef

  /// The CSS class `BookListBrowser` gives its grid.
  private static let gridClass = "hark-book-grid"
  /// The CSS class of a `CoverImage`'s widget.
  private static let coverClass = "hark-cover"

  private init(grid: Widget, scroller: Widget) {
    self.grid = ObjectRef(retaining: grid)
    self.scroller = ObjectRef(retaining: scroller)
  }

  /// The probe for the grid in `window`, once the Library page has built it.
  static func find(in window: Widget) -> BenchGridProbe? {
    guard let grid = descendant(of: window, withClass: gridClass),
      let scroller = gtk_widget_get_ancestor(grid, gtk_scrolled_window_get_type())
    else { return nil }
    return BenchGridProbe(grid: grid, scroller: scroller)
  }

  private var gridWidget: Widget { grid.as(GtkWidget.self) }
  private var scrollerWidget: Widget { scroller.as(GtkWidget.self) }

  /// Nil while the grid is not on screen (the loading skeleton shows).
  func screen() -> GridScreen? {
    guard gtk_widget_get_mapped(gridWidget) != 0 else { return nil }
    let width = Float(gtk_widget_get_width(scrollerWidget))
    let height = Float(gtk_widget_get_height(scrollerWidget))
    var screen = GridScreen()
    var child = gtk_widget_get_first_child(gridWidget)
    while let tile = child {
      child = gtk_widget_get_next_sibling(tile)
      screen.realized += 1
      var bounds = graphene_rect_t()
      guard gtk_widget_get_mapped(tile) != 0, gtk_widget_compute_bounds(tile, scrollerWidget, &bounds) != 0,
        bounds.origin.x < width, bounds.origin.y < height,
        bounds.origin.x + bounds.size.width > 0, bounds.origin.y + bounds.size.height > 0
      else { continue }
      screen.visible += 1
      // A tile without a cover has nothing to wait for.
      let cover = Self.descendant(of: tile, withClass: Self.coverClass).flatMap { CoverImage.of($0) }
      if cover?.isSettled ?? true { screen.settled += 1 }
    }
    return screen
  }

  /// Scrolls to the last row (`toEnd`) or back to the first.
  func scroll(toEnd: Bool) {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrollerWidget))
    let value = toEnd ? gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) : 0
    gtk_adjustment_set_value(adjustment, value)
  }

  /// Asks for a frame, so a state reached without a redraw (a cover that
  /// settled on the placeholder it already showed) still gets an
  /// `after-paint` to be seen at.
  func requestFrame() {
    gtk_widget_queue_draw(gridWidget)
  }

  private static func descendant(of root: Widget, withClass name: String) -> Widget? {
    if gtk_widget_has_css_class(root, name) != 0 { return root }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      if let found = descendant(of: current, withClass: name) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
