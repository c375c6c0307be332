import CGLib
import CGst
import Synchronization

/// Plays the very end of a book at a speed other than 1×.
///
/// scaletempo (1.22) keeps up to ~50 ms of input queued (search + stride +
/// overlap) until a whole stride more has come, and does nothing with it at
/// EOS: the audio it held when the last file ended was never played. At
/// 1.5× that is 3–33 ms of output (the queue ÷ the speed): the appsink's
/// total fell 882 samples short of the input ÷ 1.5 on the FLAC tone, and
/// 294–880 of the 1,012–1,610 samples the real-time sink's books ended
/// short were this (the rest: the first join, see `TempoJoinTimestamps`).
///
/// At EOS this probe pushes ~0.1–0.25 s of silence into scaletempo, so the
/// strides it held come out, and lets only as much output through as the
/// book's input at its speeds still owes (input ÷ speed, counted since the
/// last flush or a switch to or from 1×, less what came out): the end of
/// the audio, never the silence after it. At 1× scaletempo passes audio
/// through and holds nothing; EOS goes on unchanged.
final class TempoEndDrain: Sendable {
  private struct State {
    var segment = GstSegment()
    var hasSegment = false
    var speed = 1.0
    var format = FrameFormat()
    /// Where the last input buffer ended (its segment's time).
    var inputEnd: GstClockTime?
    /// Output frames the input since the count started makes at its speed.
    var owed = 0.0
    /// Output frames scaletempo has sent since then.
    var sent = 0
    /// While the silence is pushed in: output frames still let through.
    var allowance: Int?
    /// Where the last output buffer ended: the drained audio follows on
    /// from there (scaletempo stamps it from the silence's time).
    var outputEnd: GstClockTime?

    var stretches: Bool { abs(speed - 1) >= 1e-10 }

    mutating func restartCount() {
      owed = 0
      sent = 0
    }
  }

  private let state = Mutex(State())

  /// Probes scaletempo's pads (they live as long as the element). Attach
  /// after `TempoJoinTimestamps`, whose stamps the output keeps.
  func attach(toTempo tempo: UnsafeMutablePointer<GstElement>) {
    if let sink = gst_element_get_static_pad(tempo, "sink") {
      defer { gst_object_unref(sink) }
      PadProbe.add(to: sink, PadProbe.buffersEventsAndFlushes) { [self] info, pad in
        input(info, pad)
        return hark_gst_probe_ok()
      }
    }
    if let source = gst_element_get_static_pad(tempo, "src") {
      defer { gst_object_unref(source) }
      PadProbe.add(to: source, GST_PAD_PROBE_TYPE_BUFFER) { [self] info, _ in
        output(info) ? hark_gst_probe_ok() : GST_PAD_PROBE_DROP
      }
    }
  }

  private func input(_ info: UnsafeMutablePointer<GstPadProbeInfo>, _ pad: UnsafeMutablePointer<GstPad>) {
    if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      if let buffer = hark_gst_probe_buffer(info) { count(buffer) }
      return
    }
    guard let event = hark_gst_probe_event(info) else { return }
    switch hark_gst_event_type(event) {
    case GST_EVENT_CAPS:
      guard let format = FrameFormat(capsEvent: event) else { return }
      state.withLock { $0.format = format }
    case GST_EVENT_SEGMENT:
      var segment = GstSegment()
      gst_event_copy_segment(event, &segment)
      state.withLock { state in
        let stretched = state.stretches
        state.segment = segment
        state.hasSegment = segment.format == GST_FORMAT_TIME
        state.speed = segment.format == GST_FORMAT_TIME ? abs(segment.rate) : 1
        // Into or out of passthrough, scaletempo's queue is not carried on.
        if stretched != state.stretches { state.restartCount() }
      }
    case GST_EVENT_FLUSH_STOP:
      state.withLock { state in
        state.hasSegment = false
        state.inputEnd = nil
        state.restartCount()
      }
    case GST_EVENT_EOS:
      drain(into: pad)
    default:
      break
    }
  }

  /// Counts what an input buffer owes the output, within its segment (as
  /// scaletempo clips it).
  private func count(_ buffer: UnsafeMutablePointer<GstBuffer>) {
    state.withLock { state in
      guard state.allowance == nil, state.hasSegment, state.stretches, state.format.sampleRate > 0,
        state.format.bytesPerFrame > 0
      else { return }
      let frames = Int(gst_buffer_get_size(buffer)) / state.format.bytesPerFrame
      var kept = Double(frames)
      let pts = hark_gst_buffer_pts(buffer)
      if pts != hark_gst_clock_time_none() {
        let rate = Double(state.format.sampleRate)
        let start = Double(pts) / 1e9
        let end = start + Double(frames) / rate
        let segmentStart = Double(state.segment.start) / 1e9
        let stop = state.segment.stop
        let segmentStop = stop == hark_gst_clock_time_none() ? Double.infinity : Double(stop) / 1e9
        kept = max(0, (min(end, segmentStop) - max(start, segmentStart)) * rate)
        state.inputEnd = pts + Self.nanoseconds(frames, rate: state.format.sampleRate)
      }
      state.owed += kept / state.speed
    }
  }

  /// Lets output through, counting it; while draining, only what is owed.
  private func output(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> Bool {
    guard let buffer = hark_gst_probe_buffer(info) else { return true }
    let (bytesPerFrame, rate) = state.withLock { ($0.format.bytesPerFrame, $0.format.sampleRate) }
    guard bytesPerFrame > 0, rate > 0 else { return true }
    let frames = Int(gst_buffer_get_size(buffer)) / bytesPerFrame
    let pts = hark_gst_buffer_pts(buffer)
    let duration = hark_gst_buffer_duration(buffer)
    let (keep, stamp) = state.withLock { state -> (Int, GstClockTime?) in
      guard state.stretches else { return (frames, nil) }
      guard let allowance = state.allowance else {
        state.sent += frames
        if pts != hark_gst_clock_time_none(), duration != hark_gst_clock_time_none() {
          state.outputEnd = pts + duration
        }
        return (frames, nil)
      }
      let kept = min(frames, allowance)
      state.allowance = allowance - kept
      state.sent += kept
      let stamp = state.outputEnd
      if let stamp { state.outputEnd = stamp + Self.nanoseconds(kept, rate: rate) }
      return (kept, stamp)
    }
    if keep == frames && stamp == nil { return true }
    guard keep > 0, let writable = hark_gst_probe_writable_buffer(info) else { return false }
    if keep < frames { gst_buffer_resize(writable, 0, gssize(keep * bytesPerFrame)) }
    writable.pointee.duration = Self.nanoseconds(keep, rate: rate)
    if let stamp { writable.pointee.pts = stamp }
    return true
  }

  private static func nanoseconds(_ frames: Int, rate: Int) -> GstClockTime {
    GstClockTime((Double(frames) / Double(rate) * 1e9).rounded())
  }

  /// Pushes silence through scaletempo before EOS, for what it holds.
  private func drain(into pad: UnsafeMutablePointer<GstPad>) {
    let plan = state.withLock { state -> (frames: Int, bytesPerFrame: Int, pts: GstClockTime, rate: Int)? in
      let owed = Int(state.owed.rounded()) - state.sent
      guard state.stretches, state.hasSegment, owed > 0, state.format.sampleRate > 0, state.format.bytesPerFrame > 0,
        let end = state.inputEnd
      else { return nil }
      state.allowance = owed
      // Enough input for the whole queue and one stride at this speed.
      let frames = Int(Double(state.format.sampleRate) * (0.1 + 0.05 * state.speed))
      // Within the segment, or scaletempo clips it away.
      var pts = end
      let stop = state.segment.stop
      let length = Self.nanoseconds(frames, rate: state.format.sampleRate)
      if stop != hark_gst_clock_time_none(), pts + length > stop {
        pts = stop > state.segment.start + length ? stop - length : state.segment.start
      }
      return (frames, state.format.bytesPerFrame, pts, state.format.sampleRate)
    }
    guard let plan else { return }
    defer { state.withLock { $0.allowance = nil } }
    // Zero is silence in every format scaletempo takes (S16, F32, F64).
    guard let silence = gst_buffer_new_allocate(nil, gsize(plan.frames * plan.bytesPerFrame), nil) else { return }
    _ = gst_buffer_memset(silence, 0, 0, gsize(plan.frames * plan.bytesPerFrame))
    silence.pointee.pts = plan.pts
    silence.pointee.duration = Self.nanoseconds(plan.frames, rate: plan.rate)
    _ = gst_pad_chain(pad, silence)
  }
}
