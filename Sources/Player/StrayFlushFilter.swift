import CGLib
import CGst
import GObjectKit
import Synchronization

/// Keeps the next file's own flush out of the playing output at a gapless
/// switch.
///
/// Streaming an Ogg file (Vorbis, Opus), oggdemux 1.22 reads the last page
/// for the duration: it seeks to the end and back, which flushes everything
/// downstream of it. For the file queued in `about-to-finish` that flush
/// normally dies at its decodebin, not yet linked; but playbin links the
/// next file to playsink at the switch, and when oggdemux's thread runs
/// late (a busy machine, or a file read faster than real time) the flush
/// comes through after the last file ended and before the next one starts.
/// Its flush-stop resets the running time (the next file's segment starts
/// at 0 again) and a flush-start empties the sink of the last file's tail.
/// Measured: the sweep tests over HTTP failed 5 runs in 10 under load that
/// way (two files' samples under one segment, Opus samples lost).
/// Since `OggLengthAnswer` tells oggdemux that a stream played from its
/// start cannot be seeked in, no queued file looks at its end any more;
/// this stays for a stream opened partway without a server length (which
/// still does) and as a guard.
///
/// This probe, on playsink's audio input, lets through every flush the
/// engine asked for (a seek, until its ASYNC_DONE) and every flush over
/// audio the current file has already sent; it drops the others: those
/// between one file's end and the next file's start, or before a file has
/// sent any audio, where there is nothing of theirs downstream to flush.
final class StrayFlushFilter: Sendable {
  private struct State {
    /// The engine's own seek is under way: its flush must pass.
    var seeking = false
    /// Whether the current file has sent audio since it started, and
    /// oggdemux's look at its end, dropped.
    var audio = EndLookAudio()
    /// The current file has ended (STREAM_GROUP_DONE or EOS).
    var ended = false
    var hasAudio: Bool { audio.hasAudio }
  }

  private let state = Mutex(State())

  /// Before a seek of the engine's own.
  func seekStarting() { state.withLock { $0.seeking = true } }

  /// When the seek is done (ASYNC_DONE), refused, or the file reopened.
  func seekFinished() { state.withLock { $0.seeking = false } }

  /// Probes playsink's audio pad once it is there (PlaySinkAudioPad).
  func attach(toPlaySink playSink: UnsafeMutablePointer<GstElement>) {
    PlaySinkAudioPad.whenAdded(to: playSink) { [self] pad in probe(pad) }
  }

  private func probe(_ pad: UnsafeMutablePointer<GstPad>) {
    PadProbe.add(to: pad, PadProbe.buffersEventsAndFlushes) { [self] info, _ in
      keeps(info) ? hark_gst_probe_ok() : GST_PAD_PROBE_DROP
    }
  }

  private func keeps(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> Bool {
    if hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      guard let buffer = hark_gst_probe_buffer(info) else { return true }
      return state.withLock { state in
        guard !state.seeking else {
          state.audio.passed()
          return true
        }
        return !state.audio.isEndLook(buffer, untimedIsAudio: true)
      }
    }
    guard let event = hark_gst_probe_event(info) else { return true }
    switch hark_gst_event_type(event) {
    case GST_EVENT_STREAM_START:
      state.withLock {
        $0.audio.fileStarted()
        $0.ended = false
      }
      return true
    case GST_EVENT_SEGMENT:
      var segment = GstSegment()
      gst_event_copy_segment(event, &segment)
      if segment.format == GST_FORMAT_TIME { state.withLock { $0.audio.segmentStart = segment.start } }
      return true
    case GST_EVENT_STREAM_GROUP_DONE, GST_EVENT_EOS:
      state.withLock { $0.ended = true }
      return true
    case GST_EVENT_FLUSH_START:
      return state.withLock { $0.seeking || ($0.hasAudio && !$0.ended) }
    case GST_EVENT_FLUSH_STOP:
      return state.withLock { state in
        guard state.seeking || (state.hasAudio && !state.ended) else { return false }
        // A seek back from a file's very end plays that file again.
        state.ended = false
        return true
      }
    default:
      return true
    }
  }
}
