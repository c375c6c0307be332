import CAdw
import CGtk

/// Which way time runs on screen in a right-to-left language (Hebrew,
/// Arabic): left to right, as on the listener's phone.
///
/// GTK mirrors everything in RTL: a GtkScale fills from the right, a box
/// of buttons reverses, and the Adwaita icon theme swaps the seek and skip
/// arrows for their `-rtl` variants (so "Skip Back" points right), while
/// the play triangle keeps pointing right. That mix makes time run right
/// to left on the bar and left to right on the Play button. Material
/// Design's bidirectionality guidance and Apple's Human Interface
/// Guidelines both keep media transport controls and the playback
/// progress bar left to right in RTL: they show the direction of
/// playback, like a tape, not of reading, and Hebrew and Arabic listeners
/// meet them that way in every player on their phones, the web included.
/// So Hark keeps left to right: the seek bar and the elapsed/remaining
/// times under its ends (elapsed on the left, "−0:17" with its sign on
/// the left), the transport row (previous chapter … next chapter) with
/// its arrows, the mini-player's buttons and its progress line. The rest
/// of the window (the page layout, the order of the mini-player's parts,
/// every sentence) follows the language.
@MainActor
enum MediaDirection {
  /// Keeps `widget` and everything in it left to right. A widget's
  /// direction is its own in GTK 4 (an unset one is the default, not the
  /// parent's), so each descendant is set; GtkImage picks its icon by its
  /// own direction, which keeps the arrows un-mirrored too.
  static func keepLeftToRight(_ widget: Widget) {
    gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      keepLeftToRight(current)
      child = gtk_widget_get_next_sibling(current)
    }
  }
}
