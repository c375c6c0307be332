import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The chapter seek bar (issue 5): a slider over the current chapter with
/// the elapsed and remaining times under its ends, and a bubble over the
/// thumb during a drag saying where in the chapter and the book it is.
///
/// A GtkScale, because it brings keyboard handling, focus and the
/// accessible slider role (value, minimum, maximum) for free. The rules live
/// in `SeekBarModel`; this class only turns GTK events into model calls and
/// draws the model. Two things GTK does not say directly:
/// - who moved the value: the listener's moves arrive through
///   `change-value` (we always return true and draw the model's answer);
///   playback's arrive through `show` and set the value directly, which GTK
///   does not report as `change-value`;
/// - when a drag begins and ends: a legacy event controller sees the button
///   press in the capture phase (before the range's own gestures move the
///   value) and the release in the bubble phase (after them), without
///   claiming either.
/// Nothing runs while idle: the only timer is the throttle's one-shot, and
/// only while a drag has a seek waiting.
@MainActor
public final class SeekBar {
  /// The whole bar to put on a page.
  public let widget: Widget
  let scale: Widget
  private let elapsed: Widget
  private let remaining: Widget
  private let preview: SeekBarPreviewBubble
  private let onSeek: @MainActor (Double) -> Void
  private var model = SeekBarModel()
  private var throttleTimer: Timeout?
  /// True while `render` sets the value, so `value-changed` can tell an
  /// assistive technology's direct set from our own.
  private var rendering = false

  /// - Parameter onSeek: the listener asked to go to this whole-book
  ///   position (seconds): on release, at a throttled rate during a long
  ///   drag, and on every keyboard step.
  public init(onSeek: @escaping @MainActor (Double) -> Void) {
    self.onSeek = onSeek
    scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1)!
    gtk_scale_set_draw_value(scale.cast(GtkScale.self), 0)
    gtk_widget_set_hexpand(scale, 1)
    scale.setAccessibleLabel(tr("Position in Chapter"))
    // Both change every second while playing: inscriptions, not labels, so
    // the window is not laid out again each time (see SteadyText).
    elapsed = SteadyText.make(classes: "numeric", "caption", "dim-label")
    elapsed.setSteadyText("0:00")
    remaining = SteadyText.make(classes: "numeric", "caption", "dim-label")
    SteadyText.align(remaining, 1)
    gtk_widget_set_hexpand(elapsed, 1)
    let times = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, elapsed, remaining)
    // Under the trough's ends, which the scale insets by its own padding.
    gtk_widget_set_margin_start(times, 12)
    gtk_widget_set_margin_end(times, 12)
    // Time runs left to right in every language (MediaDirection): the
    // thumb, the pointer, the arrow keys and the times agree. Not the
    // preview bubble: its lines are sentences in the listener's language.
    MediaDirection.keepLeftToRight(scale)
    MediaDirection.keepLeftToRight(times)
    widget = Make.box(GTK_ORIENTATION_VERTICAL, spacing: 0, scale, times)
    widget.addClasses("hark-seek-bar")
    preview = SeekBarPreviewBubble(parent: widget)
    connectWidgets()
    render()
  }

  /// Feeds the bar; call on every store change. Re-draws only what changed.
  public func show(_ input: SeekBarInput) {
    guard input != model.input else { return }
    model.show(input)
    render()
  }

  private func connectWidgets() {
    Signals.connect(scale, "map") { [weak self] in self?.render() }
    SeekBarSignals.onChangeValue(scale) { [weak self] scroll, value in
      self?.listenerMoved(scroll, value)
      return true
    }
    Signals.connect(gtk_range_get_adjustment(scale.cast(GtkRange.self))!, "value-changed") { [weak self] in
      self?.valueChangedElsewhere()
    }
    let pressWatch = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(pressWatch, GTK_PHASE_CAPTURE)
    SeekBarSignals.onEvent(pressWatch) { [weak self] event in
      self?.pointerEvent(event, pressPhase: true)
      return false
    }
    let releaseWatch = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(releaseWatch, GTK_PHASE_BUBBLE)
    SeekBarSignals.onEvent(releaseWatch) { [weak self] event in
      self?.pointerEvent(event, pressPhase: false)
      return false
    }
    gtk_widget_add_controller(scale, pressWatch)
    gtk_widget_add_controller(scale, releaseWatch)
  }

  private func pointerEvent(_ event: OpaquePointer, pressPhase: Bool) {
    let type = gdk_event_get_event_type(event)
    let now = Self.now()
    if pressPhase, type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN {
      guard type == GDK_TOUCH_BEGIN || gdk_button_event_get_button(event) == 1 else { return }
      model.beginDrag(at: now)
      render()
    } else if !pressPhase, type == GDK_BUTTON_RELEASE || type == GDK_TOUCH_END {
      guard model.isDragging else { return }
      finishDrag(model.endDrag())
    } else if type == GDK_GRAB_BROKEN, model.isDragging {
      // Something else took the pointer (a screenshot tool, a system
      // dialog): the listener still chose where the thumb is, so it is kept.
      finishDrag(model.endDrag())
    } else if type == GDK_TOUCH_CANCEL, model.isDragging {
      model.cancelDrag()
      finishDrag(nil)
    }
  }

  private func finishDrag(_ target: Double?) {
    throttleTimer?.cancel()
    throttleTimer = nil
    if let target { onSeek(target) }
    render()
  }

  private func listenerMoved(_ scroll: GtkScrollType, _ value: Double) {
    let now = Self.now()
    let length = model.display.length
    let fraction = length > 0 ? value / length : 0
    if model.isDragging {
      if let seek = model.dragMoved(toFraction: fraction, at: now) { onSeek(seek) }
      scheduleThrottledSeek(now: now)
    } else if let step = Self.step(for: scroll) {
      if let seek = model.step(step) { onSeek(seek) }
    } else if let seek = model.jump(toFraction: fraction) {
      onSeek(seek)
    }
    render()
  }

  /// Orca and other assistive technologies set the value directly.
  private func valueChangedElsewhere() {
    guard !rendering, !model.isDragging else { return }
    let value = gtk_range_get_value(scale.cast(GtkRange.self))
    let length = model.display.length
    if let seek = model.jump(toFraction: length > 0 ? value / length : 0) { onSeek(seek) }
    render()
  }

  /// A one-shot timer so a pointer resting mid-drag is still heard there.
  private func scheduleThrottledSeek(now: Int64) {
    guard throttleTimer?.isActive != true, let due = model.dragSeekDueAt else { return }
    throttleTimer = Timeout(milliseconds: UInt32(clamping: max(1, due - now)), repeating: false) { [weak self] in
      guard let self else { return }
      self.throttleTimer = nil
      if let seek = self.model.dragTick(at: Self.now()) { self.onSeek(seek) }
      self.scheduleThrottledSeek(now: Self.now())
    }
  }

  private func render() {
    let display = model.display
    scale.setSensitive(display.isSeekable)
    let range = scale.cast(GtkRange.self)
    let adjustment = gtk_range_get_adjustment(range)!
    rendering = true
    if gtk_adjustment_get_upper(adjustment) != display.length {
      gtk_range_set_range(range, 0, display.length)
    }
    // Off screen (another page shown) the place waits: moving the thumb and
    // the times would lay out a page no one sees at every report while a
    // book plays. Mapping the bar renders it again.
    let onScreen = gtk_widget_get_mapped(scale) != 0
    if onScreen, thumbMoves(from: gtk_range_get_value(range), to: display) { gtk_range_set_value(range, display.elapsed) }
    rendering = false
    guard onScreen else { return }
    elapsed.setSteadyText(display.elapsedText)
    remaining.setSteadyText(display.remainingText)
    setValueText(display.valueText)
    preview.show(model.preview, over: scale)
  }

  private var shownValueText = ""

  /// Whether the value must be set: when the thumb moves by a pixel, not at
  /// each of the engine's reports (a new value lays out the window again: a
  /// dozen X round trips in GTK 4.8, which in a long chapter was every
  /// second for a thumb that moves every few). The place to the second is
  /// in the bar's description, updated at every second; while the bar has
  /// the keyboard focus (a listener, or a screen reader, on it) its value
  /// follows every second too.
  private func thumbMoves(from shown: Double, to display: SeekBarDisplay) -> Bool {
    guard abs(shown - display.elapsed) > 0.001 else { return false }
    // Not laid out yet (just shown): no pixel to go by.
    let width = gtk_widget_get_width(scale)
    guard display.length > 0, width > 0 else { return true }
    let pixels = abs(shown - display.elapsed) / display.length * Double(width)
    guard pixels < 1 else { return true }
    guard gtk_widget_has_focus(scale) != 0 else { return false }
    let shownText = gtk_inscription_get_text(elapsed.opaque).map { String(cString: $0) }
    return shownText != display.elapsedText
  }

  /// GTK 4.8's AT-SPI bridge does not export `value-text`, so the same words
  /// also go in the description, which it does export.
  private func setValueText(_ text: String) {
    guard text != shownValueText else { return }
    shownValueText = text
    var value = GValue()
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    g_value_set_string(&value, text)
    var property = GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT
    gtk_accessible_update_property_value(hark_accessible(scale), 1, &property, &value)
    g_value_unset(&value)
    hark_accessible_set_description(scale, text)
  }

  /// Which keyboard step GTK's scroll type stands for; nil for a jump (the
  /// pointer or the wheel).
  static func step(for scroll: GtkScrollType) -> SeekBarStep? {
    switch scroll {
    case GTK_SCROLL_STEP_FORWARD, GTK_SCROLL_STEP_RIGHT, GTK_SCROLL_STEP_UP: return .forward
    case GTK_SCROLL_STEP_BACKWARD, GTK_SCROLL_STEP_LEFT, GTK_SCROLL_STEP_DOWN: return .backward
    case GTK_SCROLL_PAGE_FORWARD, GTK_SCROLL_PAGE_RIGHT, GTK_SCROLL_PAGE_UP: return .pageForward
    case GTK_SCROLL_PAGE_BACKWARD, GTK_SCROLL_PAGE_LEFT, GTK_SCROLL_PAGE_DOWN: return .pageBackward
    case GTK_SCROLL_START: return .chapterStart
    case GTK_SCROLL_END: return .chapterEnd
    default: return nil
    }
  }

  /// Milliseconds on GLib's monotonic clock: the model's time base.
  static func now() -> Int64 { Int64(g_get_monotonic_time() / 1000) }
}
