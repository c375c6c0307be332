import CGLib
import CGst
import GObjectKit
import Synchronization

/// Makes the engine's seeks land where they were asked to, to the sample,
/// even where the demuxer lands before.
///
/// Pushed a stream, oggdemux 1.22 bisects an accurate seek to a page and
/// starts its segment there: resuming 10 s into a streamed Vorbis part
/// started at 5.12 s, and the listener heard 4.9 s again. This probe, on
/// playsink's audio input, moves the start of the segment that follows the
/// engine's own seek to the place asked for, and cuts the audio before it
/// (`gst_audio_buffer_clip`), so what plays and the positions reported both
/// start there. Seeks that land where asked (most demuxers) pass unchanged.
///
/// It must be the first probe on that pad: `SegmentRateKeeper` continues
/// from the segment it sees, which has to be the moved one.
final class SeekLandingClip: Sendable {
  private struct State {
    /// Where the engine's seek under way should land (ns).
    var target: GstClockTime?
    /// Its flush has passed: the next segment is the seek's.
    var flushed = false
    /// The moved segment, while audio from before its start may still come.
    var clipping: GstSegment?
  }

  private let state = Mutex(State())

  /// Before a seek of the engine's own to `seconds` into the file.
  func seekStarting(to seconds: Double) {
    state.withLock {
      $0 = State(target: GstClockTime(max(0, seconds) * 1e9))
    }
  }

  /// A seek refused, or the file reopened: nothing to move.
  func seekAbandoned() { state.withLock { $0 = State() } }

  /// Probes playsink's audio pad once it is there (PlaySinkAudioPad).
  func attach(toPlaySink playSink: UnsafeMutablePointer<GstElement>) {
    PlaySinkAudioPad.whenAdded(to: playSink) { [self] pad in probe(pad) }
  }

  private func probe(_ pad: UnsafeMutablePointer<GstPad>) {
    PadProbe.add(to: pad, PadProbe.buffersEventsAndFlushes) { [self] info, pad in handle(info, on: pad) }
  }

  private func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>)
    -> GstPadProbeReturn
  {
    if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      return clip(info, on: pad)
    }
    guard let event = hark_gst_probe_event(info) else { return hark_gst_probe_ok() }
    switch hark_gst_event_type(event) {
    case GST_EVENT_FLUSH_STOP:
      state.withLock { if $0.target != nil { $0.flushed = true } }
    case GST_EVENT_STREAM_START:
      // Another file: whatever was to be cut belonged to the last one.
      state.withLock { $0.clipping = nil }
    case GST_EVENT_SEGMENT:
      var segment = GstSegment()
      gst_event_copy_segment(event, &segment)
      let moved = state.withLock { state -> GstSegment? in
        guard state.flushed, let target = state.target else { return nil }
        state.target = nil
        state.flushed = false
        guard segment.format == GST_FORMAT_TIME, segment.rate > 0, segment.start < target,
          segment.stop == hark_gst_clock_time_none() || segment.stop > target
        else { return nil }
        var moved = segment
        moved.time = segment.time + (target - segment.start)
        moved.start = target
        moved.position = target
        state.clipping = moved
        return moved
      }
      guard var moved else { break }
      let replacement = gst_event_new_segment(&moved)!
      gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
      hark_gst_probe_replace_event(info, replacement)
    default: break
    }
    return hark_gst_probe_ok()
  }

  /// Cuts what lies before the moved segment's start; once audio reaches
  /// it, lets everything through.
  private func clip(_ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>)
    -> GstPadProbeReturn
  {
    guard var segment = state.withLock({ $0.clipping }), let buffer = hark_gst_probe_buffer(info),
      let caps = gst_pad_get_current_caps(pad)
    else { return hark_gst_probe_ok() }
    defer { gst_caps_unref(caps) }
    var audio = GstAudioInfo()
    guard gst_audio_info_from_caps(&audio, caps) != 0, audio.rate > 0, audio.bpf > 0 else {
      return hark_gst_probe_ok()
    }
    let pts = hark_gst_buffer_pts(buffer)
    if pts != hark_gst_clock_time_none(), pts >= segment.start {
      state.withLock { $0.clipping = nil }
      return hark_gst_probe_ok()
    }
    // The clip takes a reference of its own: the pad keeps the original's.
    guard let kept = gst_audio_buffer_clip(gst_buffer_ref(buffer), &segment, audio.rate, audio.bpf) else {
      return GST_PAD_PROBE_DROP
    }
    if kept == buffer {
      gst_buffer_unref(kept)
      return hark_gst_probe_ok()
    }
    state.withLock { $0.clipping = nil }
    gst_buffer_unref(buffer)
    hark_gst_probe_set_buffer(info, kept)
    return hark_gst_probe_ok()
  }
}
