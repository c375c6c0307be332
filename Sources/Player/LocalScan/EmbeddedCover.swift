import CGst
import Foundation

/// The cover art embedded in an audio file's tags (ID3 APIC, MP4 `covr`,
/// FLAC/Vorbis pictures), for a book on this computer whose folder holds no
/// image. Read once per book: the cover cache keeps it.
public enum EmbeddedCover {
  /// The image's bytes, or nil when the file carries none (or cannot be read).
  /// Blocks for a few milliseconds: call it off the main loop.
  public static func read(_ file: URL) -> Data? {
    guard let discoverer = try? Discoverer(timeoutSeconds: 5) else { return nil }
    var error: UnsafeMutablePointer<GError>?
    let info = gst_discoverer_discover_uri(discoverer.pointer, file.absoluteString, &error)
    g_clear_error(&error)
    guard let info else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    guard let tags = gst_discoverer_info_get_tags(info) else { return nil }
    for tag in [GST_TAG_IMAGE, GST_TAG_PREVIEW_IMAGE] {
      var sample: OpaquePointer?
      guard gst_tag_list_get_sample(tags, tag, &sample) != 0, let sample else { continue }
      defer { gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self)) }
      guard let buffer = gst_sample_get_buffer(sample) else { continue }
      var map = GstMapInfo()
      guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
      defer { gst_buffer_unmap(buffer, &map) }
      guard let bytes = map.data, map.size > 0 else { continue }
      return Data(bytes: bytes, count: Int(map.size))
    }
    return nil
  }
}
