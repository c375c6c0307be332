import CAdw
import CGtk

/// Where a horizontal GtkScale draws its thumb, for the seek preview bubble
/// to point at.
///
/// Worked out as GTK 4.8 places the slider (`gtk_range_compute_slider_position`):
/// the slider, as wide as it measures, starts (trough width − slider width)
/// × the value's fraction into the trough (truncated, as GTK does), in the
/// trough's own coordinates; mirrored when the range is inverted. Not read
/// from GTK's answers about the slider:
/// - the slider's allocation lags a frame behind a value just set;
/// - `gtk_range_get_slider_range` in GTK 4.8 gives a horizontal slider's top
///   as its start (and its last allocated end), so a width taken from it
///   grew with the thumb's last place: the bubble pointed up to 200 px
///   beside the thumb (Tests/integration/test_seek_bubble.py).
/// The trough and the slider are GtkRange's documented CSS nodes, found by
/// name among the scale's children.
@MainActor
enum ScaleThumb {
  /// The thumb's centre along `scale`, in `target`'s coordinates; nil
  /// before GTK has made the trough and the slider.
  static func centre(of scale: Widget, in target: Widget) -> Double? {
    guard let trough = child(of: scale, named: "trough"), let slider = child(of: trough, named: "slider") else {
      return nil
    }
    var sliderWidth: Int32 = 0
    gtk_widget_measure(slider, GTK_ORIENTATION_HORIZONTAL, -1, &sliderWidth, nil, nil, nil)
    let troughWidth = gtk_widget_get_width(trough)
    sliderWidth = min(sliderWidth, troughWidth)
    let range = scale.cast(GtkRange.self)
    var start = Int32(Double(troughWidth - sliderWidth) * min(max(fraction(of: range), 0), 1))
    if isInverted(range, scale) { start = troughWidth - start - sliderWidth }
    var x = 0.0
    var y = 0.0
    guard gtk_widget_translate_coordinates(trough, target, Double(start) + Double(sliderWidth) / 2, 0, &x, &y) != 0
    else { return nil }
    return x
  }

  /// How far along its range the value is, 0…1 (a scale has no page).
  private static func fraction(of range: UnsafeMutablePointer<GtkRange>) -> Double {
    let adjustment = gtk_range_get_adjustment(range)
    let lower = gtk_adjustment_get_lower(adjustment)
    let span = gtk_adjustment_get_upper(adjustment) - lower - gtk_adjustment_get_page_size(adjustment)
    guard span != 0 else { return 0 }
    return (gtk_range_get_value(range) - lower) / span
  }

  /// GtkRange's `should_invert` for a horizontal range: the value runs from
  /// the right when inverted, or when flippable and right to left (Hark's
  /// seek bar is kept left to right, see MediaDirection).
  private static func isInverted(_ range: UnsafeMutablePointer<GtkRange>, _ scale: Widget) -> Bool {
    let inverted = gtk_range_get_inverted(range) != 0
    let flipped = gtk_range_get_flippable(range) != 0 && gtk_widget_get_direction(scale) == GTK_TEXT_DIR_RTL
    return inverted != flipped
  }

  private static func child(of widget: Widget, named cssName: String) -> Widget? {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if String(cString: gtk_widget_get_css_name(current)) == cssName { return current }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
