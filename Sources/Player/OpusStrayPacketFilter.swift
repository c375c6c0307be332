import CGLib
import CGst
import GObjectKit
import Synchronization

/// Keeps oggdemux's look at a streamed Opus file's end out of the decoder.
///
/// Pushed a stream, oggdemux 1.22 seeks near the end for the length and
/// back to the start. When the end arrives first, it goes back to playing
/// before its seek back has been sent, and the packets of the end that are
/// still coming are pushed to the decoder, ahead of the seek's flush.
/// `StrayFlushFilter` keeps what the decoder makes of them out of the sink;
/// but opusdec keeps its decoder's state across a flush (it has no flush of
/// its own), so the file's first ~20 ms were decoded on top of its end's:
/// up to 2,282 off from ffmpeg's decoding in 4 runs of 10 over HTTP under
/// load. This probe, on each opusdec's input, drops such packets: before
/// any near the start since the file started, those `EndLookAudio` tells
/// for the end's.
/// vorbisdec resets itself at a flush and needs none of this.
final class OpusStrayPacketFilter: Sendable {
  static let elementFactory = "opusdec"

  private let state = Mutex(EndLookAudio())

  /// `element-setup` runs on a streaming thread for every element playbin
  /// or its decodebins create; each opusdec (one per file) gets its own.
  static func install(on playbin: ElementHandle) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, InputPatchProbe.isMadeBy(elementFactory, element),
        let pad = gst_element_get_static_pad(hark_gst_element(element), "sink")
      else { return }
      defer { gst_object_unref(pad) }
      let filter = OpusStrayPacketFilter()
      PadProbe.add(to: pad, PadProbe.buffersEventsAndFlushes) { info, _ in
        filter.keeps(info) ? hark_gst_probe_ok() : GST_PAD_PROBE_DROP
      }
    }
  }

  private func keeps(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> Bool {
    if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      guard let buffer = hark_gst_probe_buffer(info) else { return true }
      // Headers (no time) pass without counting as the file's audio.
      return state.withLock { !$0.isEndLook(buffer, untimedIsAudio: false) }
    }
    guard let event = hark_gst_probe_event(info) else { return true }
    switch hark_gst_event_type(event) {
    case GST_EVENT_STREAM_START:
      state.withLock { $0.fileStarted() }
    case GST_EVENT_SEGMENT:
      var segment = GstSegment()
      gst_event_copy_segment(event, &segment)
      if segment.format == GST_FORMAT_TIME { state.withLock { $0.segmentStart = segment.start } }
    default:
      break
    }
    return true
  }
}
