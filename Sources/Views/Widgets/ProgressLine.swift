import CGtk
import GObjectKit

/// The mini player's thin line of progress through the chapter.
///
/// Drawn, not a GtkProgressBar: a progress bar's new fraction lays out the
/// window again (its fill is a child sized to the fraction), which in
/// GTK 4.8 on X11 costs a dozen round trips to the X server, and across a
/// half-hour chapter the line moves a pixel every two seconds. Here a move
/// repaints the line alone, and only when its end moves by a pixel.
///
/// Decoration for assistive technologies: the time left beside it says the
/// same in words.
@MainActor
final class ProgressLine {
  let widget: Widget
  private var fraction = 0.0

  init() {
    widget = gtk_drawing_area_new()!
    widget.addClasses("mini-player-progress")
    gtk_drawing_area_set_content_height(widget.cast(GtkDrawingArea.self), 3)
    gtk_widget_set_hexpand(widget, 1)
    hark_accessible_set_hidden(widget)
    let owner = Unmanaged.passRetained(WeakLine(self)).toOpaque()
    gtk_drawing_area_set_draw_func(widget.cast(GtkDrawingArea.self), { _, cairo, width, height, owner in
      guard let owner, let cairo else { return }
      MainActor.assumeIsolated {
        Unmanaged<WeakLine>.fromOpaque(owner).takeUnretainedValue().line?.draw(cairo, width: width, height: height)
      }
    }, owner, { owner in
      if let owner { Unmanaged<WeakLine>.fromOpaque(owner).release() }
    })
  }

  /// Shows `fraction` (0…1) of the chapter as played.
  func show(_ fraction: Double) {
    let next = min(max(fraction, 0), 1)
    let width = Double(gtk_widget_get_width(widget))
    let samePixel = (self.fraction * width).rounded() == (next * width).rounded()
    // The ends exactly, so a finished or reset chapter never shows a sliver.
    let sameEnds = (self.fraction == 0) == (next == 0) && (self.fraction == 1) == (next == 1)
    self.fraction = next
    if !(samePixel && sameEnds) { gtk_widget_queue_draw(widget) }
  }

  private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
    // The accent colour, from the style sheet (`color` of .mini-player-progress).
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    gdk_cairo_set_source_rgba(cairo, &color)
    // From the left in every language, as the Player page's seek bar
    // (MediaDirection).
    let filled = (fraction * Double(width)).rounded()
    cairo_rectangle(cairo, 0, 0, filled, Double(height))
    cairo_fill(cairo)
  }

  /// What the draw function holds: the line, without keeping it alive.
  private final class WeakLine {
    weak var line: ProgressLine?
    init(_ line: ProgressLine) { self.line = line }
  }
}
