import CAdw
import CGtk
import Foundation
import GObjectKit

/// A book's cover at a fixed size: a rounded square with a book icon until
/// image bytes arrive, then the image filling the square (cropped, never
/// stretched).
///
/// `show(_:)` decodes off the main thread at about the shown size (see
/// `CoverDecoder`) and shows the placeholder meanwhile; a later `show` or
/// `showPlaceholder` supersedes a decode still under way, so a recycled row
/// that is rebound quickly never ends up with the previous book's cover.
/// Bytes that are not an image leave the placeholder.
///
/// The wrapper is attached to its widget: a row that keeps only its widget
/// finds it again with `CoverImage.of(_:)`, and it lives as long as the
/// widget does.
@MainActor
public final class CoverImage {
  /// The square to put on screen (a `GtkOverlay` with the `hark-cover` class).
  public let widget: Widget
  private let placeholder: ObjectRef
  private let picture: ObjectRef
  /// The side of the square in logical pixels.
  private let size: Int32
  private var decoding: Task<CoverDecoder.Decoded?, Never>?
  /// True once the image shows what it will keep showing for its book: the
  /// decoded cover, or the placeholder for good (no cover, or bytes that
  /// are not an image). `scripts/bench-grid` waits for this on every tile
  /// on screen.
  public private(set) var isSettled = false

  private static let dataKey = "hark-cover-image"

  /// - Parameter size: the side of the square in logical pixels (40 for a
  ///   row, 112 for the book page).
  public init(size: Int32) {
    self.size = size
    let icon = Make.icon("accessories-dictionary-symbolic")
    gtk_image_set_pixel_size(icon.opaque, max(16, size / 2))
    icon.addClasses("dim-label")
    // The placeholder is the overlay's main child and so sets its size; the
    // picture is an overlay child, which takes the main child's size
    // instead of asking for the image's own.
    gtk_widget_set_size_request(icon, size, size)
    let picture = gtk_picture_new()!
    gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_COVER)
    gtk_picture_set_can_shrink(picture.opaque, 1)
    gtk_widget_set_visible(picture, 0)
    widget = gtk_overlay_new()!
    gtk_overlay_set_child(widget.opaque, icon)
    gtk_overlay_add_overlay(widget.opaque, picture)
    widget.addClasses("hark-cover")
    // A row-sized cover gets the smaller radius the mini-player uses.
    if size <= 48 { widget.addClasses("small") }
    // Clips the picture to the rounded corners the CSS gives the square.
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    placeholder = ObjectRef(retaining: icon)
    self.picture = ObjectRef(retaining: picture)

    // The widget holds the wrapper; the wrapper holds only the two children
    // (a child does not hold its parent), so there is no cycle.
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { wrapper in
      if let wrapper { Unmanaged<CoverImage>.fromOpaque(wrapper).release() }
    }
    g_object_set_data_full(
      widget.gobject, Self.dataKey, Unmanaged.passRetained(self).toOpaque(), release)
  }

  /// The `CoverImage` whose `widget` this is, for a recycled row.
  public static func of(_ widget: Widget) -> CoverImage? {
    g_object_get_data(widget.gobject, dataKey).map {
      Unmanaged<CoverImage>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// Shows the book icon and drops the current image (and any decode under
  /// way).
  public func showPlaceholder() {
    decoding?.cancel()
    decoding = nil
    isSettled = false
    gtk_picture_set_paintable(picture.opaque, nil)
    gtk_widget_set_visible(picture.as(GtkWidget.self), 0)
    gtk_widget_set_opacity(placeholder.as(GtkWidget.self), 1)
  }

  /// Shows the image in `data` once it is decoded; the placeholder until
  /// then, and for good if `data` is not an image.
  public func show(_ data: Data) {
    showPlaceholder()
    // As many pixels as the square covers on this display: sharp on a 2×
    // one, and a quarter of the memory on a 1× one, where twice the size
    // bought nothing (a grid keeps a few hundred tiles' covers decoded).
    let side = size * max(1, gtk_widget_get_scale_factor(widget))
    let decode = Task.detached(priority: .userInitiated) { () -> CoverDecoder.Decoded? in
      // Skipped when the row was rebound before this got a thread.
      Task.isCancelled ? nil : CoverDecoder.decode(data, shorterSide: side)
    }
    decoding = decode
    Task { [weak self] in
      let decoded = await decode.value
      guard let self, self.decoding == decode else {
        decoded?.release()
        return
      }
      self.decoding = nil
      if let decoded { self.present(decoded) } else { self.isSettled = true }
    }
  }

  /// The book has no cover: the placeholder already shown is final.
  public func settleOnPlaceholder() {
    showPlaceholder()
    isSettled = true
  }

  private func present(_ decoded: CoverDecoder.Decoded) {
    // The texture keeps its own reference to the pixbuf's pixels.
    let texture = gdk_texture_new_for_pixbuf(decoded.pixbuf)
    decoded.release()
    gtk_picture_set_paintable(picture.opaque, texture)
    if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
    gtk_widget_set_visible(picture.as(GtkWidget.self), 1)
    // The icon stays (it sizes the square) but is not drawn under the image.
    gtk_widget_set_opacity(placeholder.as(GtkWidget.self), 0)
    isSettled = true
  }
}
