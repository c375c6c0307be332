import CGLib
import CGst
import GObjectKit

/// Tells oggdemux how long a streamed Ogg file is when the engine opens it
/// to start partway in, so that the seek there lands.
///
/// Pushed a stream, oggdemux 1.22 asks upstream for the length in time;
/// nobody upstream knows it, so it seeks to 64 KB before the end and reads
/// the last page. In a file shorter than that the seek goes to byte 0, and
/// while it waits to be sent oggdemux drops what arrives; a small file
/// already downloaded reaches its end first, and oggdemux takes the last
/// page it happened to read for the end: 2.04 s for a 21.3 s, 40 KB part
/// of the Vorbis sweep. The seek to where the listener left off (10 s)
/// then bisects within those 2 s, lands at the file's end, and the rest of
/// the file is skipped (3 runs in 4 here).
///
/// Given the length, oggdemux does not look for it. It then drops the
/// packets it read before asking (normally re-read when it seeks back from
/// the end), which is why this answers only for a file opened to start
/// partway in: the engine's seek reads from there anyway. A file played
/// from its start keeps oggdemux's own look (`StrayFlushFilter` keeps that
/// out of the sink). The answer is the server's figure
/// (`EngineSource.duration`), only oggdemux's guess for bisecting: what
/// plays is still timed by each page's granule position.
///
/// That own look is wrong for a seek later on, too: it stops a byte short
/// of the end, so it never reads the last page (20.43 s for the 21.34 s
/// part), and in a small file it loses the same race as above (2.04 s).
/// A seek past its figure lands at the end and the next file plays from
/// the place asked for instead. So the stream is noted here as read
/// pushed (`EngineSharedState.notePushedOgg`), and the engine seeks in it
/// by opening it again at the place, where this answer applies.
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

  /// Fills in a duration query in time for the Ogg stream opened partway;
  /// false leaves the query to go on upstream.
  private static func answer(
    _ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>, shared: EngineSharedState
  ) -> Bool {
    guard let data = info.pointee.data else { return false }
    let query = data.assumingMemoryBound(to: GstQuery.self)
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
