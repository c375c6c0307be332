import CGtk
import Foundation

/// Decodes cover bytes into a pixbuf no bigger than a cover is shown, off
/// the main thread.
///
/// A server's cover is often 1,500–3,000 px square; decoded at full size that
/// is up to 36 MB of pixels per row. The loader is told the target size as
/// soon as it has read the image's header (`size-prepared`), so JPEG (most
/// covers) decodes straight to about the shown size and other formats are
/// scaled down before the pixbuf is handed over. gdk-pixbuf may be used from
/// any thread as long as one object stays on one thread; the texture is made
/// on the main thread from the finished pixbuf.
enum CoverDecoder {
  /// A decoded pixbuf on its way to the main thread. It owns one reference,
  /// which the receiver takes over (`CoverImage` turns it into a texture)
  /// or drops with `release()`. Nothing else touches the pixbuf meanwhile,
  /// which is why sending it is safe.
  struct Decoded: @unchecked Sendable {
    let pixbuf: OpaquePointer

    func release() { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
  }

  /// Above this many source pixels the image is not decoded at all: formats
  /// the loader cannot scale while decoding (PNG) would first need all of
  /// them in memory, 4 bytes each.
  static let maxSourcePixels = 6000 * 6000

  /// What the `size-prepared` handler reads and reports.
  private struct Sizing {
    var shorterSide: Int32
    var tooLarge = false
  }

  /// `data` decoded so that its shorter side is at most `shorterSide` pixels
  /// (it is never scaled up); nil when it is not an image gdk-pixbuf can
  /// read, or too large. Blocking: call it off the main thread.
  static func decode(_ data: Data, shorterSide: Int32) -> Decoded? {
    guard !data.isEmpty, shorterSide > 0, let loader = gdk_pixbuf_loader_new() else { return nil }
    let sizing = UnsafeMutablePointer<Sizing>.allocate(capacity: 1)
    sizing.initialize(to: Sizing(shorterSide: shorterSide))
    defer { sizing.deallocate() }
    // Dropping the loader disconnects the handler before `sizing` goes.
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }

    let sizePrepared:
      @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) ->
        Void = { loader, width, height, data in
          guard let sizing = data?.assumingMemoryBound(to: Sizing.self) else { return }
          guard width > 0, height > 0, Int(width) * Int(height) <= CoverDecoder.maxSourcePixels else {
            // A size of 0 makes the PNG and JPEG loaders stop before they
            // allocate anything.
            sizing.pointee.tooLarge = true
            gdk_pixbuf_loader_set_size(loader, 0, 0)
            return
          }
          let shorter = min(width, height)
          guard shorter > sizing.pointee.shorterSide else { return }
          let scale = Double(sizing.pointee.shorterSide) / Double(shorter)
          gdk_pixbuf_loader_set_size(
            loader, max(1, Int32((Double(width) * scale).rounded())),
            max(1, Int32((Double(height) * scale).rounded())))
        }
    g_signal_connect_data(
      UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
      UnsafeMutableRawPointer(sizing), nil, GConnectFlags(rawValue: 0))

    // Fed in chunks so an image found too large stops being read at once.
    var wrote = true
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      let base = bytes.bindMemory(to: UInt8.self)
      var offset = 0
      while wrote, offset < base.count, !sizing.pointee.tooLarge {
        let count = min(64 << 10, base.count - offset)
        wrote = gdk_pixbuf_loader_write(loader, base.baseAddress! + offset, gsize(count), nil) != 0
        offset += count
      }
    }
    // Always closed, or GLib warns when the loader is finalized.
    let closed = gdk_pixbuf_loader_close(loader, nil) != 0
    guard wrote, closed, !sizing.pointee.tooLarge, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
    else { return nil }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return Decoded(pixbuf: pixbuf)
  }
}
