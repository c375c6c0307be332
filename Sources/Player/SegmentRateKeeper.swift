import CGLib
import CGst
import GObjectKit
import Synchronization

/// Plays at the chosen speed without ever flushing, across gapless track
/// changes too.
///
/// On GStreamer 1.22 every gapless switch starts the next file with a fresh
/// segment at rate 1.0, and re-applying the rate with a seek costs a flush at
/// each boundary. Instead this probe sits on playsink's audio input — after
/// the decoders, before the stream synchronizer, `scaletempo` and the sink —
/// and gives every TIME segment the chosen rate. Downstream then sees one
/// consistent rate: the synchronizer computes the next file's running time
/// from it, `scaletempo` stretches by it (pitch kept) and the sink reports
/// positions in media time. A rate change mid-file is a new segment starting
/// at the next buffer, continuing the running time: no flush, no pop.
/// Upstream (sources, demuxers, seeks) always runs at rate 1.
///
/// A change to or from exactly 1× (where scaletempo switches passthrough)
/// is announced with `RateChangeDuck`'s marker and applied only once the
/// duck has faded the audio out, so it does not click.
final class SegmentRateKeeper: Sendable {
  private struct State {
    var rate = 1.0
    /// The last segment sent downstream, to continue from on a rate change.
    var segment = GstSegment()
    var hasSegment = false
    /// A change to or from 1× waits for the duck: it is applied at the first
    /// buffer at or after this (media) time.
    var duckEnd: GstClockTime?
  }

  private let state = Mutex(State())

  var rate: Double { state.withLock { $0.rate } }

  /// Takes effect at the next buffer (or segment) reaching playsink.
  func setRate(_ rate: Double) { state.withLock { $0.rate = rate } }

  /// Probes playsink's audio pad once it is there (PlaySinkAudioPad).
  func attach(toPlaySink playSink: UnsafeMutablePointer<GstElement>) {
    PlaySinkAudioPad.whenAdded(to: playSink) { [self] pad in probe(pad) }
  }

  private func probe(_ pad: UnsafeMutablePointer<GstPad>) {
    let types = GstPadProbeType(GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    PadProbe.add(to: pad, types) { [self] info, pad in
      handle(pad, info)
      return hark_gst_probe_ok()
    }
  }

  private func handle(_ pad: UnsafeMutablePointer<GstPad>, _ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      let buffer = hark_gst_probe_buffer(info)
      guard let event = rateChange(at: hark_gst_buffer_pts(buffer), lasting: hark_gst_buffer_duration(buffer)) else {
        return
      }
      // Serialized on this streaming thread (the pad's stream lock is
      // recursive); the event comes back through `handle` as a segment.
      _ = gst_pad_send_event(pad, event)
      return
    }
    let event = hark_gst_probe_event(info)!
    if hark_gst_event_type(event) == GST_EVENT_FLUSH_STOP { state.withLock { $0.duckEnd = nil } }
    guard hark_gst_event_type(event) == GST_EVENT_SEGMENT else { return }
    var incoming = GstSegment()
    gst_event_copy_segment(event, &incoming)
    guard incoming.format == GST_FORMAT_TIME else { return }
    let wanted = state.withLock { state -> Double in
      var kept = incoming
      kept.rate = state.rate
      state.segment = kept
      state.hasSegment = true
      // A new file, a seek or the change itself: any duck ends here.
      state.duckEnd = nil
      return state.rate
    }
    guard incoming.rate != wanted else { return }
    var rewritten = incoming
    rewritten.rate = wanted
    let replacement = gst_event_new_segment(&rewritten)!
    gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
    hark_gst_probe_replace_event(info, replacement)
  }

  /// The event to send before the buffer at `pts`: a segment continuing
  /// the current one with the new rate, the duck's marker when that change
  /// is to or from 1× (the segment then follows after this buffer has faded
  /// out, and the silence scaletempo needs), or nil.
  private func rateChange(at pts: GstClockTime, lasting duration: GstClockTime) -> UnsafeMutablePointer<GstEvent>? {
    state.withLock { state -> UnsafeMutablePointer<GstEvent>? in
      guard state.hasSegment, pts != hark_gst_clock_time_none() else { return nil }
      if let end = state.duckEnd {
        // Sent even if the rate went back meanwhile: the segment ends the duck.
        // (Timestamps and durations are rounded: the buffer right after the
        // faded one may start a nanosecond before `end`; 1 ms of slack.)
        return pts + 1_000_000 >= end ? Self.continuing(state.segment, at: pts, rate: state.rate) : nil
      }
      guard state.segment.rate != state.rate else { return nil }
      if (state.segment.rate == 1) != (state.rate == 1) {
        let fadeOut = duration == hark_gst_clock_time_none() ? RateChangeDuck.fade : max(duration, RateChangeDuck.fade)
        state.duckEnd = pts + fadeOut + RateChangeDuck.silence(leaving: state.segment.rate)
        return RateChangeDuck.marker()
      }
      return Self.continuing(state.segment, at: pts, rate: state.rate)
    }
  }

  private static func continuing(_ segment: GstSegment, at pts: GstClockTime, rate: Double)
    -> UnsafeMutablePointer<GstEvent>
  {
    var current = segment
    var next = segment
    next.base = gst_segment_to_running_time(&current, GST_FORMAT_TIME, pts)
    next.time = gst_segment_to_stream_time(&current, GST_FORMAT_TIME, pts)
    next.start = pts
    next.position = pts
    next.offset = 0
    next.rate = rate
    return gst_event_new_segment(&next)
  }
}

// A plain C value (numbers, flags and reserved padding): safe to hand
// between the streaming threads under the keeper's lock.
extension GstSegment: @retroactive @unchecked Sendable {}
