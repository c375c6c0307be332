import CAdw
import CGtk
import GObjectKit

/// Text that changes every second while a book plays (the time left, the
/// place) without laying out the window again each time.
///
/// A GtkLabel's new text queues a resize up to the window, and in GTK 4.8 on
/// X11 sizing the window asks the X server for its geometry, the monitor and
/// the work area: a dozen round trips every second. A GtkInscription only
/// repaints itself: its size comes from a number of characters, not from
/// its text. Its name for assistive technologies is its text, as a label's.
@MainActor
enum SteadyText {
  /// One line, as wide as its text; with `minimumChars`, at least that many
  /// characters wide and cut with "…" only where its row is narrower.
  static func make(minimumChars: UInt32? = nil, classes: String...) -> Widget {
    let inscription = gtk_inscription_new(nil)!
    for name in classes { gtk_widget_add_css_class(inscription, name) }
    gtk_inscription_set_text_overflow(inscription.opaque, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
    align(inscription, 0)
    gtk_inscription_set_min_lines(inscription.opaque, 1)
    gtk_inscription_set_nat_lines(inscription.opaque, 1)
    // Sized by `setSteadyText`, not by a count of characters.
    gtk_inscription_set_min_chars(inscription.opaque, 0)
    gtk_inscription_set_nat_chars(inscription.opaque, 0)
    if let minimumChars {
      let object = inscription.gobjectRaw.assumingMemoryBound(to: GObject.self)
      g_object_set_data(object, minimumKey, UnsafeMutableRawPointer(bitPattern: UInt(minimumChars) + 1))
    }
    return inscription
  }

  /// Where the text sits in its row: 0 at the start of the window's lines
  /// (the left in English, the right in Hebrew), 1 at their end, as a
  /// GtkLabel's xalign. Kept for `setSteadyText`, which applies it per text.
  static func align(_ inscription: Widget, _ start: Float) {
    let object = inscription.gobjectRaw.assumingMemoryBound(to: GObject.self)
    g_object_set_data(object, alignKey, UnsafeMutableRawPointer(bitPattern: UInt(start * 1000) + 1))
    gtk_inscription_set_xalign(inscription.opaque, start)
  }

  /// The inscription's xalign for a text whose first line Pango lays out
  /// in `textDirection`. GtkInscription turns its xalign into a Pango
  /// alignment for the widget's direction, and Pango reverses that again
  /// for a paragraph whose own direction (its first letter's) is the other
  /// one: English text in a Hebrew window (a name, a string not translated
  /// yet) went to the left while every label put it at the right. So for
  /// such a text the xalign is reversed first.
  nonisolated static func xalign(for textDirection: PangoDirection, in inscription: Widget) -> Float {
    let stored = UInt(bitPattern: g_object_get_data(inscription.gobjectRaw.assumingMemoryBound(to: GObject.self), alignKey))
    let start = stored > 0 ? Float(stored - 1) / 1000 : 0
    let rightToLeftWindow = gtk_widget_get_direction(inscription) == GTK_TEXT_DIR_RTL
    return (textDirection == PANGO_DIRECTION_RTL) == rightToLeftWindow ? start : 1 - start
  }

  fileprivate nonisolated static let minimumKey = "hark-steady-text-minimum"
  private nonisolated static let alignKey = "hark-steady-text-align"
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Sets a `SteadyText`'s text. Without a minimum, its width is the
  /// text's own, measured, so the window is laid out again only when that
  /// width changes (9:59 → 10:00), not every second: the `numeric` style
  /// keeps digits equally wide. With one, it fills its row.
  func setSteadyText(_ text: String) {
    let inscription = opaque
    if let shown = gtk_inscription_get_text(inscription), String(cString: shown) == text { return }
    // Measured with the widget's own font and features (tabular digits);
    // the direction is its first line's, letters deciding, else the widget's.
    let layout = gtk_widget_create_pango_layout(self, text)
    defer { g_object_unref(layout.map { UnsafeMutableRawPointer($0) }) }
    let stored = UInt(bitPattern: g_object_get_data(gobjectRaw.assumingMemoryBound(to: GObject.self), SteadyText.minimumKey))
    if stored > 0 {
      // Two characters more than the text: the width per character is an average.
      let chars = UInt32(text.count + 2)
      if gtk_inscription_get_nat_chars(inscription) != chars {
        gtk_inscription_set_min_chars(inscription, min(chars, UInt32(stored - 1)))
        gtk_inscription_set_nat_chars(inscription, chars)
      }
    } else {
      var width: Int32 = 0
      pango_layout_get_pixel_size(layout, &width, nil)
      var requested: Int32 = 0
      gtk_widget_get_size_request(self, &requested, nil)
      if requested != width { gtk_widget_set_size_request(self, width, -1) }
    }
    let xalign = SteadyText.xalign(for: pango_layout_get_direction(layout, 0), in: self)
    if gtk_inscription_get_xalign(inscription) != xalign { gtk_inscription_set_xalign(inscription, xalign) }
    gtk_inscription_set_text(inscription, text)
  }
}
