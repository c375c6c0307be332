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
/// priming, with durations of what is kept. Frames cut whole still go to
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
    gst_pad_add_probe(
      pad, GST_PAD_PROBE_TYPE_BUFFER,
      { _, info, data in
        Unmanaged<AACTrimProbe>.fromOpaque(data!).takeUnretainedValue().cut(info!)
        return hark_gst_probe_ok()
      }, Unmanaged.passRetained(self).toOpaque(),
      { data in Unmanaged<AACTrimProbe>.fromOpaque(data!).release() })
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
