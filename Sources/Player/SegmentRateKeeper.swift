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
final class SegmentRateKeeper: Sendable {
  private struct State {
    var rate = 1.0
    /// The last segment sent downstream, to continue from on a rate change.
    var segment = GstSegment()
    var hasSegment = false
  }

  private let state = Mutex(State())

  var rate: Double { state.withLock { $0.rate } }

  /// Takes effect at the next buffer (or segment) reaching playsink.
  func setRate(_ rate: Double) { state.withLock { $0.rate = rate } }

  /// Watches for playsink's audio pad (requested when the first file is
  /// linked) and probes it; the pad then lives as long as the pipeline.
  func attach(toPlaySink playSink: UnsafeMutablePointer<GstElement>) {
    Signals.connectFromAnyThread(playSink, "pad-added") { [self] pad in
      guard let pad, let name = gst_object_get_name(pad.assumingMemoryBound(to: GstObject.self)) else { return }
      defer { g_free(name) }
      guard String(cString: name) == "audio_sink" else { return }
      probe(pad.assumingMemoryBound(to: GstPad.self))
    }
  }

  private func probe(_ pad: UnsafeMutablePointer<GstPad>) {
    let mask = GstPadProbeType(
      GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    let data = Unmanaged.passRetained(self).toOpaque()
    gst_pad_add_probe(
      pad, mask,
      { pad, info, data in
        let keeper = Unmanaged<SegmentRateKeeper>.fromOpaque(data!).takeUnretainedValue()
        keeper.handle(pad!, info!)
        return hark_gst_probe_ok()
      }, data, { data in Unmanaged<SegmentRateKeeper>.fromOpaque(data!).release() })
  }

  private func handle(_ pad: UnsafeMutablePointer<GstPad>, _ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      guard let event = rateChange(at: hark_gst_buffer_pts(hark_gst_probe_buffer(info))) else { return }
      // Serialized on this streaming thread (the pad's stream lock is
      // recursive); the event comes back through `handle` as a segment.
      _ = gst_pad_send_event(pad, event)
      return
    }
    let event = hark_gst_probe_event(info)!
    guard hark_gst_event_type(event) == GST_EVENT_SEGMENT else { return }
    var incoming = GstSegment()
    gst_event_copy_segment(event, &incoming)
    guard incoming.format == GST_FORMAT_TIME else { return }
    let wanted = state.withLock { state -> Double in
      var kept = incoming
      kept.rate = state.rate
      state.segment = kept
      state.hasSegment = true
      return state.rate
    }
    guard incoming.rate != wanted else { return }
    var rewritten = incoming
    rewritten.rate = wanted
    let replacement = gst_event_new_segment(&rewritten)!
    gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
    hark_gst_probe_replace_event(info, replacement)
  }

  /// A segment continuing the current one at `pts` with the new rate, when
  /// the rate changed since the last segment.
  private func rateChange(at pts: GstClockTime) -> UnsafeMutablePointer<GstEvent>? {
    state.withLock { state -> UnsafeMutablePointer<GstEvent>? in
      guard state.hasSegment, state.segment.rate != state.rate, pts != hark_gst_clock_time_none() else {
        return nil
      }
      var next = state.segment
      next.base = gst_segment_to_running_time(&state.segment, GST_FORMAT_TIME, pts)
      next.time = gst_segment_to_stream_time(&state.segment, GST_FORMAT_TIME, pts)
      next.start = pts
      next.position = pts
      next.offset = 0
      next.rate = state.rate
      return gst_event_new_segment(&next)
    }
  }
}

// A plain C value (numbers, flags and reserved padding): safe to hand
// between the streaming threads under the keeper's lock.
extension GstSegment: @retroactive @unchecked Sendable {}
