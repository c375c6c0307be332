import CGLib
import CGst
import Foundation
import HarkCore

/// What GStreamer can tell about one audio file without playing it.
public struct TrackInfo: Equatable, Sendable {
  /// Seconds; 0 when the container does not say.
  public var duration: Double
  public var title: String?
  public var artist: String?
  public var album: String?
  /// Whether the file carries cover art (an ID3 APIC frame, an MP4 `covr`
  /// atom, a FLAC picture block...).
  public var hasEmbeddedCover: Bool
}

/// Why a file could not be inspected, in words a listener can act on.
public enum TrackInspectionError: Error, Equatable {
  case missing(path: String)
  case notAudio(path: String)
  case unreadable(path: String, reason: String)
}

/// Reads duration and tags with `GstDiscoverer`, synchronously: call it off
/// the main thread when scanning many files (each takes a few milliseconds).
public final class TrackInspector {
  private let discoverer: Discoverer

  /// - Parameter timeoutSeconds: how long one file may take before it is
  ///   reported unreadable (a broken file must not stall a scan).
  public init(timeoutSeconds: UInt = 10) throws(GStreamerRuntime.Unavailable) {
    discoverer = try Discoverer(timeoutSeconds: timeoutSeconds)
  }

  public func inspect(file path: String) throws(TrackInspectionError) -> TrackInfo {
    guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
    let uri = URL(fileURLWithPath: path).absoluteString
    var error: UnsafeMutablePointer<GError>?
    let info = gst_discoverer_discover_uri(discoverer.pointer, uri, &error)
    defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
    let reason = error.map { String(cString: $0.pointee.message) }
    g_clear_error(&error)
    guard let info, gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK else {
      if reason?.contains("No valid") == true || reason?.contains("not determine type") == true {
        throw .notAudio(path: path)
      }
      throw .unreadable(path: path, reason: reason ?? tr("GStreamer could not read it"))
    }
    let audioStreams = gst_discoverer_info_get_audio_streams(info)
    defer { gst_discoverer_stream_info_list_free(audioStreams) }
    guard audioStreams != nil else { throw .notAudio(path: path) }

    let tags = TagValues(gst_discoverer_info_get_tags(info))
    let nanoseconds = gst_discoverer_info_get_duration(info)
    return TrackInfo(
      duration: nanoseconds == hark_gst_clock_time_none() ? 0 : Double(nanoseconds) / 1e9,
      title: tags.string(GST_TAG_TITLE),
      artist: tags.string(GST_TAG_ARTIST),
      album: tags.string(GST_TAG_ALBUM),
      hasEmbeddedCover: tags.hasSample(GST_TAG_IMAGE) || tags.hasSample(GST_TAG_PREVIEW_IMAGE))
  }
}
