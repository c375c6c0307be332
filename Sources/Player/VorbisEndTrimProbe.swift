import CGLib
import CGst
import GObjectKit
import Synchronization

/// Ends a streamed Vorbis track where its last Ogg page says, not where its
/// last decoded block does.
///
/// The encoder pads the last packet to a whole block; the last page's
/// granule position says how many samples are real. Pulling a file,
/// oggdemux knows the length and gives the decoder a segment that stops
/// there, and the decoder's base class cuts the padding. Pushed a stream
/// (HTTP), oggdemux 1.22 sends a segment without a stop, and vorbisdec plays
/// the last packet whole: 153–909 samples of padding at every join of the
/// sweep fixtures. oggdemux still times that packet exactly (its duration
/// ends at the granule position), so, only while the segment has no stop,
/// this cuts what the decoder puts out at the end of the latest packet it
/// was given. A well-formed stream's output never passes that end except
/// there. Output wholly past it is nothing this can explain: let through.
/// Opus needs none of this: opusdec trims its last packet itself.
final class VorbisEndTrimProbe: Sendable {
  static let elementFactory = "vorbisdec"

  private struct State {
    /// The decoder's segment has no stop: the padding is not cut downstream.
    var openEnded = false
    /// Where the latest packet given to the decoder ends, in nanoseconds.
    var inputEnd: GstClockTime?
  }

  private let state = Mutex(State())

  /// `element-setup` runs on a streaming thread for every element playbin
  /// or its decodebins create; each vorbisdec (one per file) gets its own.
  static func install(on playbin: ElementHandle) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, InputPatchProbe.isMadeBy(elementFactory, element) else { return }
      let decoder = hark_gst_element(element)!
      let probe = VorbisEndTrimProbe()
      let input = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
        | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue
      probe.attach(to: decoder, pad: "sink", input) { info, _ in probe.watchInput(info) }
      probe.attach(to: decoder, pad: "src", GST_PAD_PROBE_TYPE_BUFFER.rawValue) { info, pad in
        probe.cutOutput(info, on: pad)
      }
    }
  }

  private func attach(
    to decoder: UnsafeMutablePointer<GstElement>, pad name: String, _ mask: UInt32,
    _ watch: @escaping @Sendable (UnsafeMutablePointer<GstPadProbeInfo>, UnsafeMutablePointer<GstPad>) -> Void
  ) {
    guard let pad = gst_element_get_static_pad(decoder, name) else { return }
    defer { gst_object_unref(pad) }
    PadProbe.add(to: pad, GstPadProbeType(mask)) { info, pad in
      watch(info, pad)
      return hark_gst_probe_ok()
    }
  }

  /// Segments say whether the end is cut downstream; packets where they end.
  private func watchInput(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    // The info's data is an event or a buffer: only its type tells which.
    if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      guard let buffer = hark_gst_probe_buffer(info) else { return }
      let pts = hark_gst_buffer_pts(buffer)
      let duration = hark_gst_buffer_duration(buffer)
      guard pts != hark_gst_clock_time_none(), duration != hark_gst_clock_time_none() else { return }
      state.withLock { if $0.openEnded { $0.inputEnd = pts + duration } }
      return
    }
    guard let event = hark_gst_probe_event(info) else { return }
    switch hark_gst_event_type(event) {
    case GST_EVENT_SEGMENT:
      var segment = GstSegment()
      gst_event_copy_segment(event, &segment)
      let openEnded = segment.format == GST_FORMAT_TIME && segment.stop == hark_gst_clock_time_none()
      state.withLock { $0 = State(openEnded: openEnded, inputEnd: nil) }
    case GST_EVENT_FLUSH_STOP:
      // What was given before a flush is gone; its end means nothing now.
      state.withLock { $0.inputEnd = nil }
    default: break
    }
  }

  /// Cuts an output buffer that runs past the latest packet's end.
  private func cutOutput(_ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>) {
    guard let end = state.withLock({ $0.inputEnd }), let buffer = hark_gst_probe_buffer(info) else { return }
    let pts = hark_gst_buffer_pts(buffer)
    guard pts != hark_gst_clock_time_none(), let caps = gst_pad_get_current_caps(pad) else { return }
    defer { gst_caps_unref(caps) }
    var audio = GstAudioInfo()
    guard gst_audio_info_from_caps(&audio, caps) != 0, audio.rate > 0, audio.bpf > 0 else { return }
    let second = hark_gst_second()
    let rate = guint64(audio.rate)
    // Both sides counted in samples: the decoder times its output from its
    // own sample count, oggdemux the packet from the granule position.
    let first = gst_util_uint64_scale_round(pts, rate, second)
    let last = gst_util_uint64_scale_round(end, rate, second)
    let count = guint64(gst_buffer_get_size(buffer)) / guint64(audio.bpf)
    guard last > first, last - first < count else { return }
    let kept = last - first
    // The probe's reference goes into the cut, which replaces the buffer.
    guard let cut = gst_audio_buffer_truncate(buffer, audio.bpf, 0, gsize(kept)) else { return }
    cut.pointee.duration = gst_util_uint64_scale_round(kept, second, rate)
    hark_gst_probe_set_buffer(info, cut)
  }
}
