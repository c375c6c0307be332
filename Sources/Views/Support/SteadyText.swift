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
  /// One line, at least `minimumChars` wide and otherwise as wide as its
  /// text; cut with "…" only where the space is narrower than the text.
  static func make(minimumChars: UInt32? = nil, classes: String...) -> Widget {
    let inscription = gtk_inscription_new(nil)!
    for name in classes { gtk_widget_add_css_class(inscription, name) }
    gtk_inscription_set_text_overflow(inscription.opaque, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
    gtk_inscription_set_xalign(inscription.opaque, 0)
    gtk_inscription_set_min_lines(inscription.opaque, 1)
    gtk_inscription_set_nat_lines(inscription.opaque, 1)
    if let minimumChars {
      let object = inscription.gobjectRaw.assumingMemoryBound(to: GObject.self)
      g_object_set_data(object, minimumKey, UnsafeMutableRawPointer(bitPattern: UInt(minimumChars) + 1))
    }
    return inscription
  }

  fileprivate nonisolated static let minimumKey = "hark-steady-text-minimum"
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Sets a `SteadyText`'s text. The width follows the text's length in
  /// characters, so the window is laid out again only when that changes
  /// (9:59 → 10:00), not every second; the `numeric` style keeps digits
  /// equally wide.
  func setSteadyText(_ text: String) {
    let inscription = opaque
    if let shown = gtk_inscription_get_text(inscription), String(cString: shown) == text { return }
    // Two characters more than the text: the width per character is an
    // average, and digits are wider than most letters.
    let chars = UInt32(text.count + 2)
    if gtk_inscription_get_nat_chars(inscription) != chars {
      let stored = UInt(bitPattern: g_object_get_data(gobjectRaw.assumingMemoryBound(to: GObject.self), SteadyText.minimumKey))
      gtk_inscription_set_min_chars(inscription, stored > 0 ? min(chars, UInt32(stored - 1)) : chars)
      gtk_inscription_set_nat_chars(inscription, chars)
    }
    gtk_inscription_set_text(inscription, text)
  }
}
