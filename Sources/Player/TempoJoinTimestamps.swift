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
/// Its stamps are only near the audio anyway: what one output buffer holds
/// was produced from input up to a stride away from the time it is given.
/// This probe, on scaletempo's output, moves such a segment's running time
/// back by the jump, to where the last output ended, and stamps its buffers
/// one after the other from there, by their durations: the held audio
/// first, then the new segment's, with no gap or overlap for a sink to
/// resync on. (Stamped as scaletempo does, the first buffers after the
/// held ones left a 15 ms gap at the Vorbis sweep's second join, which the
/// real-time sink played as 14.4 ms of silence.) Where the segment's stream
/// time starts at 0 (a gapless switch) it cannot move back with it, so
/// positions there read the jump × the speed ahead until the next flush or
/// segment: the held output is 980 samples at the first join of the FLAC
/// tone and the Vorbis sweep at 1.5× (33 ms of the file), 539 and 1,274 at
/// their second (18 and 43 ms). A stream time below 0 does not exist, and
/// stamping the new file's audio from the segment's start would put the
/// held audio before it, where the sink clips it away; so what the segment
/// cannot take is noted as its lead (`JoinPositionLead`), which the engine
/// takes off the positions it reports while the sink is in that segment.
/// At 1× (passthrough, exact stamps) audio passes unchanged.
///
/// At every join, at any speed, the next file's first buffer comes DISCONT,
/// and pulsesink (audiobasesink) then resyncs to its running time rather
/// than writing it on after the last sample. Those running times are
/// nanoseconds, not whole samples: at the ffmpeg MP3 sweep's joins the
/// next file starts 0.04 and 0.07 samples before the sample grid, so the
/// resync (rounding down from wherever the clock's base time put the grid)
/// landed one sample early now and then, writing over the last file's last
/// sample: −1 at boundary 2 in 1 of 6 real-time plays. A first buffer that
/// starts within half a sample of where the sink's last sample ends loses
/// the flag, so the sink writes it on after that sample. Where the sink is
/// is counted in samples as audiobasesink counts them (on from its last
/// resync), not from the stamps: an AAC file with an edit list begins with
/// one priming sample more than its stamps cover, and the resync at the
/// next join is what takes it back off the timeline (written on, each AAC
/// join was +1 in a real-time run).
final class TempoJoinTimestamps: Sendable {
  private struct State {
    /// The segment sent downstream, as rewritten.
    var segment = GstSegment()
    var hasSegment = false
    /// Where the last buffer sent ended, in running time.
    var runningEnd: GstClockTime?
    /// In a stretched segment: where the next buffer is stamped.
    var nextStart: GstClockTime?
    /// A segment came without a flush and no buffer since.
    var awaitsFirstBuffer = false
    /// The output's format (from its caps), to count a buffer's samples.
    var format = FrameFormat()
    /// Where a real audio sink's written samples end, in running time
    /// (nanoseconds): on from its last resync, sample by sample.
    var sinkEnd: Double?
  }

  private let state = Mutex(State())
  private let lead = JoinPositionLead()

  /// Seconds of the file the sink's positions read ahead of what it plays
  /// now (`JoinPositionLead`).
  var positionLead: Double { lead.seconds }

  /// Probes scaletempo's source pad (it lives as long as the element), and
  /// where its output leaves playbin's audio queue.
  func attach(toTempo tempo: UnsafeMutablePointer<GstElement>, in playbin: ElementHandle) {
    lead.attach(to: playbin)
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
    case GST_EVENT_CAPS:
      guard let format = FrameFormat(capsEvent: event) else { return }
      state.withLock { $0.format = format }
    case GST_EVENT_FLUSH_STOP:
      state.withLock { $0 = State() }
      lead.flushedAtTempo()
    case GST_EVENT_SEGMENT:
      var incoming = GstSegment()
      gst_event_copy_segment(event, &incoming)
      let (moved, unmoved) = state.withLock { state -> (GstSegment?, GstClockTime) in
        var segment = incoming
        var unmoved: GstClockTime = 0
        state.nextStart = nil
        // scaletempo's own output segment when it stretches: rate 1, the
        // speed as the applied rate.
        let stretched = incoming.format == GST_FORMAT_TIME && incoming.rate == 1 && incoming.applied_rate != 1
        var isMoved = false
        if stretched, let end = state.runningEnd, incoming.base > end {
          let jump = incoming.base - end
          segment.base -= jump
          if segment.stop != hark_gst_clock_time_none() { segment.stop += jump }
          // Stream time = time + (pts - start) × speed: what the move adds.
          let ahead = GstClockTime(Double(jump) * abs(incoming.applied_rate))
          let taken = min(ahead, segment.time)
          segment.time -= taken
          unmoved = ahead - taken
          isMoved = true
        }
        // Every stretched segment is stamped one buffer after the other:
        // scaletempo clamps its first ~50 ms of output to the segment's
        // start, stamps the sink wrote one after the other anyway, so the
        // sink's place ran ahead of them and the next file's first buffer
        // (DISCONT, stamped on from them) was written over the last file's
        // end: 126-1,070 samples lost at the first join at 1.5x through the
        // real-time sink.
        if stretched { state.nextStart = segment.start }
        state.awaitsFirstBuffer = true
        state.segment = segment
        state.hasSegment = segment.format == GST_FORMAT_TIME
        return (isMoved ? segment : nil, unmoved)
      }
      lead.sent(gst_event_get_seqnum(event), lead: Double(unmoved) / 1e9)
      guard var moved else { return }
      let replacement = gst_event_new_segment(&moved)!
      gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
      hark_gst_probe_replace_event(info, replacement)
    default:
      break
    }
  }

  /// Where audiobasesink's samples end after it writes `buffer`, starting
  /// at running time `running`: on after the last sample when the buffer is
  /// within its 40 ms alignment threshold of there and not DISCONT, else
  /// at the buffer's own time.
  private static func sinkEnd(
    after end: Double?, buffer: UnsafeMutablePointer<GstBuffer>, at running: GstClockTime, resyncs: Bool,
    rate: Double, bytesPerFrame: Int
  ) -> Double? {
    guard running != hark_gst_clock_time_none(), rate > 0, bytesPerFrame > 0 else { return nil }
    let length = Double(gst_buffer_get_size(buffer) / gsize(bytesPerFrame)) / rate * 1e9
    if !resyncs, let end, abs(Double(running) - end) < 40e6 { return end + length }
    return Double(running) + length
  }

  private func restamp(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    guard let buffer = hark_gst_probe_buffer(info) else { return }
    let pts = hark_gst_buffer_pts(buffer)
    let duration = hark_gst_buffer_duration(buffer)
    guard pts != hark_gst_clock_time_none() else { return }
    let isDiscont = buffer.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0
    let (stamped, joined) = state.withLock { state -> (GstClockTime?, Bool) in
      guard state.hasSegment else { return (nil, false) }
      let isFirst = state.awaitsFirstBuffer
      state.awaitsFirstBuffer = false
      var start = pts
      if let next = state.nextStart {
        start = next
        // A buffer without a duration ends the stamping: its own stands.
        if duration == hark_gst_clock_time_none() { start = pts }
        state.nextStart = duration == hark_gst_clock_time_none() ? nil : start + duration
      }
      let running = gst_segment_to_running_time(&state.segment, GST_FORMAT_TIME, start)
      let rate = Double(state.format.sampleRate)
      var joined = false
      if isFirst, isDiscont, running != hark_gst_clock_time_none(), rate > 0, let end = state.sinkEnd {
        joined = abs(Double(running) - end) * rate / 1e9 < 0.5
      }
      state.sinkEnd = Self.sinkEnd(
        after: state.sinkEnd, buffer: buffer, at: running, resyncs: isDiscont && !joined,
        rate: rate, bytesPerFrame: state.format.bytesPerFrame)
      if duration != hark_gst_clock_time_none() {
        state.runningEnd = running == hark_gst_clock_time_none() ? nil : running + duration
      }
      return (start == pts ? nil : start, joined)
    }
    guard stamped != nil || joined, let writable = hark_gst_probe_writable_buffer(info) else { return }
    if let stamped { writable.pointee.pts = stamped }
    if joined { writable.pointee.mini_object.flags &= ~GST_BUFFER_FLAG_DISCONT.rawValue }
  }
}
