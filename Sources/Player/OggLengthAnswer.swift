import CGLib
import CGst
import GObjectKit

/// Answers oggdemux's questions about a streamed Ogg file's length, so
/// that it never looks for the length itself: a file played from its start
/// may not be seeked in by bytes, and a file opened partway is as long as
/// the server says.
///
/// Pushed a seekable stream, oggdemux 1.22 asks upstream for the length in
/// time; nobody upstream knows it, so it seeks to 64 KB before the end (byte
/// 0 in a smaller file), reads to the last page it finds, and seeks back to
/// byte 1. That look went wrong three ways:
/// - It flips back to playing on the page that reaches the end, before its
///   seek back is sent, and pushes the rest of what it has read to the
///   decoder. opusdec keeps its state across the flush that follows, so a
///   part's first ~20 ms were decoded on top of its end's (traced: a packet
///   of the end, without a time, went into opusdec before the seek back's
///   flush; the part then differed from ffmpeg's decoding by 4 on the tone,
///   up to 2,486 in earlier runs). The flushes of a file queued for the
///   gapless switch could also reach the sink. Under 4 busy loops the
///   Opus-over-HTTP sweep test failed 3 runs in 20: the third part's
///   running time reset to 0 each time, once after one stray 960-sample
///   frame (those two not traced; with logging, 2 failures in 55 runs, both
///   the end's packet decoded before the part).
/// - In a small file already downloaded it takes the last page it happened
///   to read for the end (2.04 s for a 21.3 s, 40 KB part of the Vorbis
///   sweep), and it never reads the very last page (20.43 s for 21.34 s):
///   a seek past its figure lands at the end.
/// - Every file was downloaded twice (the seek back is a second request).
///
/// So a stream played from its start is answered "not seekable in bytes":
/// oggdemux then reads it straight through, once, and sends nothing but
/// the file (one segment, no flush). A stream the engine opens to start
/// partway in stays seekable, and its length in time is the server's
/// figure (`EngineSource.duration`): given it, oggdemux does not look (it
/// drops the first packet it read before asking, which the engine's seek
/// skips anyway) and bisects within it; what plays is still timed by each
/// page's granule position. Without a server figure oggdemux still looks
/// for itself there (`StrayFlushFilter` keeps its flushes out of the sink).
///
/// Either way the stream is noted as read pushed
/// (`EngineSharedState.notePushedOgg`): the engine seeks in it by opening
/// it again at the place, where the length answer applies.
enum OggLengthAnswer {
  /// `element-setup` runs on a streaming thread for every element playbin
  /// or its decodebins create.
  static func install(on playbin: ElementHandle, shared: EngineSharedState) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, InputPatchProbe.isMadeBy("typefind", element) else { return }
      guard let pad = gst_element_get_static_pad(hark_gst_element(element), "src") else { return }
      defer { gst_object_unref(pad) }
      PadProbe.add(to: pad, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM) { info, pad in
        answer(info, on: pad, shared: shared) ? GST_PAD_PROBE_HANDLED : hark_gst_probe_ok()
      }
    }
  }

  /// Fills in oggdemux's byte-seeking query (no, unless the stream was
  /// opened partway) and its duration query in time (for the stream opened
  /// partway); false leaves the query to go on upstream.
  private static func answer(
    _ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>, shared: EngineSharedState
  ) -> Bool {
    guard let data = info.pointee.data else { return false }
    let query = data.assumingMemoryBound(to: GstQuery.self)
    if query.pointee.type == GST_QUERY_SEEKING {
      var format = GST_FORMAT_UNDEFINED
      gst_query_parse_seeking(query, &format, nil, nil, nil)
      guard format == GST_FORMAT_BYTES, isOgg(pad), let uri = uri(above: pad) else { return false }
      shared.notePushedOgg(uri)
      guard !shared.isOpenedPartway(uri) else { return false }
      gst_query_set_seeking(query, GST_FORMAT_BYTES, 0, 0, -1)
      return true
    }
    guard query.pointee.type == GST_QUERY_DURATION else { return false }
    var format = GST_FORMAT_UNDEFINED
    gst_query_parse_duration(query, &format, nil)
    guard format == GST_FORMAT_TIME, isOgg(pad), let uri = uri(above: pad) else { return false }
    shared.notePushedOgg(uri)
    guard let seconds = shared.partwayDuration(for: uri), seconds > 0 else { return false }
    gst_query_set_duration(query, GST_FORMAT_TIME, gint64((seconds * 1e9).rounded()))
    return true
  }

  /// What typefind found, as the caps on its output.
  private static func isOgg(_ pad: UnsafeMutablePointer<GstPad>) -> Bool {
    guard let caps = gst_pad_get_current_caps(pad) else { return false }
    defer { gst_caps_unref(caps) }
    guard gst_caps_get_size(caps) > 0, let name = gst_structure_get_name(gst_caps_get_structure(caps, 0)) else {
      return false
    }
    return ["application/ogg", "audio/ogg"].contains(String(cString: name))
  }

  /// The URI of the uridecodebin the typefind is in (typefind → decodebin
  /// → uridecodebin).
  private static func uri(above pad: UnsafeMutablePointer<GstPad>) -> String? {
    var current = gst_object_get_parent(UnsafeMutableRawPointer(pad).assumingMemoryBound(to: GstObject.self))
    defer { if let current { gst_object_unref(current) } }
    for _ in 0..<4 {
      guard let object = current else { return nil }
      if InputPatchProbe.isMadeBy("uridecodebin", object) {
        guard let value = hark_get_string(object, "uri") else { return nil }
        defer { g_free(value) }
        return String(cString: value)
      }
      current = gst_object_get_parent(object)
      gst_object_unref(object)
    }
    return nil
  }
}
