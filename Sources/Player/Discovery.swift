import CGst
import Foundation
import HarkCore

/// One owned `GstDiscoverer`, for the track inspector and the local
/// library scanner alike.
final class Discoverer {
  let pointer: UnsafeMutablePointer<GstDiscoverer>

  /// - Parameter timeoutSeconds: how long one file may take; a broken file
  ///   (a stuck demuxer) then costs this much, never a hang.
  init(timeoutSeconds: UInt) throws(GStreamerRuntime.Unavailable) {
    try GStreamerRuntime.start()
    var error: UnsafeMutablePointer<GError>?
    guard let discoverer = gst_discoverer_new(GstClockTime(timeoutSeconds) * hark_gst_second(), &error) else {
      let detail = error.map { String(cString: $0.pointee.message) } ?? tr("no discoverer")
      g_clear_error(&error)
      throw GStreamerRuntime.Unavailable(message: trFormat("Sound is unavailable: %@.", detail))
    }
    pointer = discoverer
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// Values of a borrowed `GstTagList` (may be NULL).
struct TagValues {
  let list: UnsafePointer<GstTagList>?
  init(_ list: UnsafePointer<GstTagList>?) { self.list = list }

  /// The tag's text as written.
  func string(_ tag: String) -> String? {
    guard let list else { return nil }
    var value: UnsafeMutablePointer<gchar>?
    guard gst_tag_list_get_string(list, tag, &value) != 0, let value else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }

  /// The tag's text without surrounding blanks; nil when nothing is left.
  func text(_ tag: String) -> String? {
    let text = string(tag)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return text.isEmpty ? nil : text
  }

  /// Every value of a tag that may repeat (extended comments).
  func strings(_ tag: String) -> [String] {
    guard let list else { return [] }
    return (0..<gst_tag_list_get_tag_size(list, tag)).compactMap { index in
      var value: UnsafePointer<gchar>?
      guard gst_tag_list_peek_string_index(list, tag, index, &value) != 0, let value else { return nil }
      return String(cString: value)
    }
  }

  /// A positive whole number (track, disc), else nil.
  func number(_ tag: String) -> Int? {
    guard let list else { return nil }
    var value: guint = 0
    return gst_tag_list_get_uint(list, tag, &value) != 0 && value > 0 ? Int(value) : nil
  }

  /// The tag holds a sample (embedded art).
  func hasSample(_ tag: String) -> Bool {
    guard let list else { return false }
    var sample: OpaquePointer?
    guard gst_tag_list_get_sample(list, tag, &sample) != 0, let sample else { return false }
    gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
    return true
  }
}
