import CGLib
import CGst
import Synchronization

/// Keeps the running time of scaletempo's output continuous where a new
/// segment starts without a flush (a gapless switch, a speed change between
/// two speeds other than 1×), so a real-time sink plays no silence there.
///
/// scaletempo keeps ~50 ms of input queued (search + stride + overlap) and
/// stamps each output buffer with its input's time less that latency,
/// clamped at the segment's start. At a new segment the audio still queued
/// from before it comes out first, stamped at the new segment's start: the
/// old segment's output ends that much early in running time. At 1.5× that
/// was a jump of 1,105 output samples (25 ms) at the Gapless FLAC's first
/// join and 1,007 at its second; the next file's first buffer is DISCONT,
/// so a real sink resynced to it and played 22.2 ms of silence there.
///
/// This probe, on scaletempo's output, moves such a segment's start and
/// running time back by the jump (stream time unchanged, so positions stay
/// right), shifts its buffers by as much, and stamps the clamped ones (the
/// queued audio) one after the other until the stamps catch up. Audio
/// after a flush, or at 1× (passthrough, exact stamps), passes unchanged.
final class TempoJoinTimestamps: Sendable {
  private struct State {
    /// The segment sent downstream, as rewritten.
    var segment = GstSegment()
    var hasSegment = false
    /// Where the last buffer sent ended, in running time.
    var runningEnd: GstClockTime?
    /// How far the current segment and its buffers were moved (ns).
    var shift: GstClockTime = 0
    /// While the clamped buffers come: where the next one starts (stream
    /// time of the moved segment).
    var nextStart: GstClockTime?
  }

  private let state = Mutex(State())

  /// Probes scaletempo's source pad (it lives as long as the element).
  func attach(toTempo tempo: UnsafeMutablePointer<GstElement>) {
    guard let pad = gst_element_get_static_pad(tempo, "src") else { return }
    defer { gst_object_unref(pad) }
    PadProbe.add(to: pad, PadProbe.buffersEventsAndFlushes) { [self] info, _ in
      if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
        restamp(info)
      } else if let event = hark_gst_probe_event(info) {
        handle(event, info)
      }
      return hark_gst_probe_ok()
    }
  }

  private func handle(_ event: UnsafeMutablePointer<GstEvent>, _ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    switch hark_gst_event_type(event) {
    case GST_EVENT_FLUSH_STOP:
      state.withLock { $0 = State() }
    case GST_EVENT_SEGMENT:
      var incoming = GstSegment()
      gst_event_copy_segment(event, &incoming)
      let moved = state.withLock { state -> GstSegment? in
        var segment = incoming
        state.shift = 0
        state.nextStart = nil
        // scaletempo's own output segment when it stretches: rate 1, the
        // speed as the applied rate.
        if incoming.format == GST_FORMAT_TIME, incoming.rate == 1, incoming.applied_rate != 1,
          let end = state.runningEnd, incoming.base > end
        {
          let jump = incoming.base - end
          segment.base -= jump
          segment.start += jump
          segment.position = segment.start
          if segment.stop != hark_gst_clock_time_none() { segment.stop += jump }
          state.shift = jump
          state.nextStart = segment.start
        }
        state.segment = segment
        state.hasSegment = segment.format == GST_FORMAT_TIME
        return state.shift > 0 ? segment : nil
      }
      guard var moved else { return }
      let replacement = gst_event_new_segment(&moved)!
      gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
      hark_gst_probe_replace_event(info, replacement)
    default:
      break
    }
  }

  private func restamp(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    guard let buffer = hark_gst_probe_buffer(info) else { return }
    let pts = hark_gst_buffer_pts(buffer)
    let duration = hark_gst_buffer_duration(buffer)
    guard pts != hark_gst_clock_time_none() else { return }
    let stamped = state.withLock { state -> GstClockTime? in
      guard state.hasSegment else { return nil }
      var start = pts + state.shift
      if let next = state.nextStart {
        if start < next { start = next } else { state.nextStart = nil }
      }
      if duration != hark_gst_clock_time_none() {
        if state.nextStart != nil { state.nextStart = start + duration }
        let running = gst_segment_to_running_time(&state.segment, GST_FORMAT_TIME, start)
        state.runningEnd = running == hark_gst_clock_time_none() ? nil : running + duration
      }
      return start == pts ? nil : start
    }
    guard let stamped, let writable = hark_gst_probe_writable_buffer(info) else { return }
    writable.pointee.pts = stamped
  }
}
