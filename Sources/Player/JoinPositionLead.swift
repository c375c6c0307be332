import CGLib
import CGst
import GObjectKit
import Synchronization

/// How far the sink's positions read ahead of what it plays, for the
/// segment the sink is in: after a gapless join at a speed other than 1×,
/// the audio scaletempo still held from the last file plays first, in the
/// new file's segment, whose stream time cannot start below 0
/// (`TempoJoinTimestamps`). 33 ms of the file at the FLAC tone's first join
/// at 1.5×, 18 ms at its second, until the next seek.
///
/// scaletempo's output waits in playsink's audio queue (up to 150 ms)
/// before the sink, so a lead applies from when its segment leaves that
/// queue: each segment's lead is noted by its sequence number as
/// scaletempo sends it, and taken up when the same event leaves the queue
/// (only a converter and the volume lie between the queue and the sink,
/// on the queue's thread). Taken up as scaletempo sent it, the lead came
/// early: a report of the old file's end read 33 ms behind.
final class JoinPositionLead: Sendable {
  private struct State {
    /// Segments sent on by scaletempo with a lead, not yet out of the queue.
    var pending: [(seqnum: guint32, seconds: Double)] = []
    /// The lead of the segment last out of the queue.
    var current = 0.0
  }

  private let state = Mutex(State())

  /// Seconds of the file to take off the sink's position now.
  var seconds: Double { state.withLock { $0.current } }

  /// scaletempo sent the segment `seqnum`, whose positions read `seconds`
  /// ahead (0: exact).
  func sent(_ seqnum: guint32, lead seconds: Double) {
    guard seconds > 0 else { return }
    state.withLock { state in
      state.pending.append((seqnum, seconds))
      // A segment that never leaves the queue (flushed) is dropped at the
      // flush; this only bounds a list nothing should grow.
      if state.pending.count > 8 { state.pending.removeFirst() }
    }
  }

  /// A flush passed scaletempo: what the queue held is gone with it.
  func flushedAtTempo() { state.withLock { $0.pending = [] } }

  /// Follows segments out of playsink's audio queue ("aqueue"), which
  /// playbin builds (again) as it sets its audio chain up.
  func attach(to playbin: ElementHandle) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { [self] element in
      guard let element, InputPatchProbe.isMadeBy("queue", element), Self.isAudioQueue(element),
        let pad = gst_element_get_static_pad(hark_gst_element(element), "src")
      else { return }
      defer { gst_object_unref(pad) }
      let types = GstPadProbeType(GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
      PadProbe.add(to: pad, types) { [self] info, _ in
        if let event = hark_gst_probe_event(info) { leftQueue(event) }
        return hark_gst_probe_ok()
      }
    }
  }

  private func leftQueue(_ event: UnsafeMutablePointer<GstEvent>) {
    switch hark_gst_event_type(event) {
    case GST_EVENT_FLUSH_STOP:
      state.withLock { $0.current = 0 }
    case GST_EVENT_SEGMENT:
      let seqnum = gst_event_get_seqnum(event)
      state.withLock { state in
        guard let index = state.pending.firstIndex(where: { $0.seqnum == seqnum }) else {
          state.current = 0
          return
        }
        state.current = state.pending[index].seconds
        state.pending.removeFirst(index + 1)
      }
    default:
      break
    }
  }

  private static func isAudioQueue(_ element: UnsafeMutableRawPointer) -> Bool {
    guard let name = gst_object_get_name(element.assumingMemoryBound(to: GstObject.self)) else { return false }
    defer { g_free(name) }
    return String(cString: name) == "aqueue"
  }
}
