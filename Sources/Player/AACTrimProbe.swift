import CGLib
import CGst
import GObjectKit
import Synchronization

/// Cuts the priming and padding named by an AAC file's iTunSMPB comment out
/// of what its decoder plays, the way mpegaudioparse cuts an MP3's.
///
/// For every qtdemux playbin creates, `ITunSMPBReader` reads the `moov` as
/// qtdemux does (from a file or a stream: no extra request) and, when the
/// comment is the track's only gapless data, this rewrites each frame
/// leaving qtdemux's audio pad: an audio clipping meta telling the decoder
/// (avdec_aac hands it to libavcodec as samples to skip) to drop the
/// samples before `start` and from `end`, and timestamps moved back by the
/// priming, with durations of what is kept; its segments end where the
/// kept audio ends. Frames cut whole still go to
/// the decoder, because the next one overlaps them. Counting samples this
/// way is exact; clipping by a segment is not (1024/44100 s is no whole
/// number of nanoseconds). aacparse, between the two, passes framed AAC
/// through untouched.
final class AACTrimProbe: Sendable {
  /// nil until the `moov` is read, and after it if there is nothing to cut.
  private let trim = Mutex<AACTrim?>(nil)

  /// `element-setup` runs on a streaming thread for every element playbin
  /// or its decodebins create; each qtdemux (one per file) gets its own.
  static func install(on playbin: ElementHandle) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, InputPatchProbe.isMadeBy(ITunSMPBReader.elementFactory, element) else { return }
      let demuxer = hark_gst_element(element)!
      let probe = AACTrimProbe()
      InputPatchProbe.attach(ITunSMPBReader.self, to: demuxer) { plan in
        if case .trim(let trim) = plan { probe.trim.withLock { $0 = trim } }
      }
      // qtdemux adds its pads once it has read the `moov`.
      Signals.connectFromAnyThread(demuxer, "pad-added") { pad in
        guard let pad, let name = gst_object_get_name(pad.assumingMemoryBound(to: GstObject.self)) else { return }
        defer { g_free(name) }
        guard String(cString: name).hasPrefix("audio_") else { return }
        probe.attach(to: pad.assumingMemoryBound(to: GstPad.self))
      }
    }
  }

  private func attach(to pad: UnsafeMutablePointer<GstPad>) {
    let mask = GstPadProbeType(GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    PadProbe.add(to: pad, mask) { [self] info, _ in
      if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
        cut(info)
      } else {
        endSegment(info)
      }
      return hark_gst_probe_ok()
    }
  }

  /// Ends qtdemux's segments where the kept audio ends. The movie's
  /// duration still counts the priming, and playbin times the next file
  /// from where this one's segment stops: left alone, the next file would
  /// start one priming late, heard as that much silence at every join.
  private func endSegment(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    guard let trim = trim.withLock({ $0 }), let event = hark_gst_probe_event(info),
      hark_gst_event_type(event) == GST_EVENT_SEGMENT
    else { return }
    var segment = GstSegment()
    gst_event_copy_segment(event, &segment)
    guard segment.format == GST_FORMAT_TIME else { return }
    // Rounded up: the decoder's own rounding must not lose the last sample.
    let end = gst_util_uint64_scale_ceil(guint64(trim.end - trim.start), hark_gst_second(), guint64(trim.timescale))
    if segment.stop == hark_gst_clock_time_none() || segment.stop > end { segment.stop = end }
    if segment.duration == hark_gst_clock_time_none() || segment.duration > end { segment.duration = end }
    guard let replacement = gst_event_new_segment(&segment) else { return }
    gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
    hark_gst_probe_replace_event(info, replacement)
  }

  private func cut(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    guard let trim = trim.withLock({ $0 }), let pts = hark_gst_probe_buffer(info).map(hark_gst_buffer_pts),
      pts != hark_gst_clock_time_none()
    else { return }
    let second = hark_gst_second()
    let scale = guint64(trim.timescale)
    // qtdemux times each frame from its sample count, rounded down.
    let first = Int(gst_util_uint64_scale_round(pts, scale, second))
    let cut = trim.cut(frameAt: first)
    let start = gst_util_uint64_scale(guint64(cut.outputStart), second, scale)
    let end = gst_util_uint64_scale(guint64(cut.outputStart + cut.outputLength), second, scale)
    guard let buffer = hark_gst_probe_writable_buffer(info) else { return }
    buffer.pointee.pts = start
    if buffer.pointee.dts != hark_gst_clock_time_none() {
      buffer.pointee.dts = start
    }
    buffer.pointee.duration = end - start
    if cut.dropStart + cut.dropEnd > 0 {
      gst_buffer_add_audio_clipping_meta(buffer, GST_FORMAT_DEFAULT, guint64(cut.dropStart), guint64(cut.dropEnd))
    }
  }
}
