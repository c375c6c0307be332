import CGLib
import CGst

/// Tells oggdemux 1.22's look at a pushed file's end from the file's own
/// audio, for `StrayFlushFilter` on playsink's input.
///
/// To learn a streamed Ogg file's length, oggdemux seeks near its end and
/// back (since `OggLengthAnswer`, only in a stream opened partway without
/// a server length); when its thread runs late, some of the end comes
/// through first. A
/// file's first audio is at its segment's start, so audio far past it,
/// before any near it, is that look at the end. At most `dropLimit` of it
/// is taken for the end's: past that, whatever comes plays.
struct EndLookAudio {
  /// Audio this far past the segment's start, before any at the start, is
  /// the end's.
  static let farFromStart: GstClockTime = 1_000_000_000
  static let dropLimit: GstClockTime = 3_000_000_000

  /// Where the current file's segment starts (ns).
  var segmentStart: GstClockTime = 0
  /// A buffer of the file's own audio has passed since it started.
  private(set) var hasAudio = false
  private var dropped: GstClockTime = 0

  /// At each STREAM_START: a new file, none of its audio seen yet.
  mutating func fileStarted() {
    hasAudio = false
    dropped = 0
  }

  /// A buffer that passes whatever its time (the engine's own seek).
  mutating func passed() { hasAudio = true }

  /// Whether `buffer` is the end's audio (then counted against the limit);
  /// otherwise it is the file's own, and so is everything after it. A
  /// buffer without a time counts as the file's audio only when
  /// `untimedIsAudio` (a decoder's input has headers without one).
  mutating func isEndLook(_ buffer: UnsafeMutablePointer<GstBuffer>, untimedIsAudio: Bool) -> Bool {
    let pts = hark_gst_buffer_pts(buffer)
    let untimed = pts == hark_gst_clock_time_none()
    if !hasAudio, !untimed, pts > segmentStart + Self.farFromStart, dropped < Self.dropLimit {
      let duration = hark_gst_buffer_duration(buffer)
      dropped += duration == hark_gst_clock_time_none() ? 0 : duration
      return true
    }
    if !untimed || untimedIsAudio { hasAudio = true }
    return false
  }
}
