import CGLib
import CGst
import Synchronization

/// Fades the audio out and back in around a speed change to or from
/// exactly 1×, so that change does not click.
///
/// At rate 1.0 scaletempo is in passthrough; at any other rate it stretches
/// through a ~50 ms queue (30 ms stride + 6 ms overlap + 14 ms search). When
/// it turns passthrough off, it starts from whatever that queue last held
/// (silence, or stale audio); when it turns passthrough on, the audio
/// queued in it is dropped. Either way the output jumps: measured on a 440 Hz
/// tone, steps of 8,000–14,000 against the tone's own 1,027.
///
/// Why a short duck and not the alternatives (measured/considered):
/// - keeping scaletempo stretching at "1×" (a rate of 1 + ε) would make 1×
///   cost what 1.5× costs and lose the bit-exact, gapless 1× output;
/// - a crossfade needs the old path's audio past the switch, which
///   scaletempo has already dropped.
/// So the rate keeper announces such a change with a marker event before a
/// buffer and holds the new rate back until the next buffer (plus
/// `silence(leaving:)` when scaletempo stops stretching, so that its queue
/// and the input behind its last output hold only silence when it is
/// dropped); this probe, on scaletempo's input, fades that one buffer out,
/// keeps silence until the new segment arrives and fades in after it. The
/// new rate is applied at a buffer boundary (decoders hand over 20–93 ms at
/// once), so the fade-out spans one whole buffer rather than a fixed time.
/// Changes between other rates never duck. Measured (EngineRateTests, FLAC
/// 440 Hz tone): largest step = the tone's own at all four changes of
/// 1→1.25→1→1.25→1; the dip's silent part lasted 2–55 ms.
final class RateChangeDuck: Sendable {
  static let markerName = "hark-rate-duck"
  /// Input (media) time of the fade-in, and the shortest fade-out.
  static let fade: GstClockTime = 10_000_000

  /// Input time of silence scaletempo needs before it turns passthrough at
  /// `rate`: its queue (search 14 + stride 30 + overlap 6 ms, the defaults)
  /// plus one input stride (30 ms × rate) and an overlap, so that both what
  /// it drops and the input behind its last output stride are silent.
  static func silence(leaving rate: Double) -> GstClockTime {
    rate == 1 ? 0 : GstClockTime((56 + 30 * rate) * 1e6)
  }

  private enum Phase: Equatable {
    case idle
    /// The next buffer fades out, whole.
    case fadingOut
    case silent
    case fadingIn(done: Int)
  }

  private struct State {
    var phase = Phase.idle
    var format = GST_AUDIO_FORMAT_UNKNOWN
    var channels = 1
    var fadeFrames = 441
  }

  private let state = Mutex(State())

  /// The event the rate keeper sends just before the first buffer to fade.
  static func marker() -> UnsafeMutablePointer<GstEvent> {
    gst_event_new_custom(GST_EVENT_CUSTOM_DOWNSTREAM, gst_structure_new_empty(markerName))
  }

  /// Probes scaletempo's sink pad, where the audio is S16, F32 or F64
  /// interleaved (scaletempo's caps); the pad lives as long as the element.
  func attach(toTempo tempo: UnsafeMutablePointer<GstElement>) {
    guard let pad = gst_element_get_static_pad(tempo, "sink") else { return }
    defer { gst_object_unref(pad) }
    let mask = GstPadProbeType(
      GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    PadProbe.add(to: pad, mask) { [self] info, _ in
      handle(info)
      return hark_gst_probe_ok()
    }
  }

  private func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
    if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
      // The common case, playing at a steady speed: one lock, nothing else.
      guard state.withLock({ $0.phase != .idle }) else { return }
      return apply(to: hark_gst_probe_writable_buffer(info))
    }
    let event = hark_gst_probe_event(info)!
    switch hark_gst_event_type(event) {
    case GST_EVENT_CAPS:
      guard var audio = audioInfo(ofCapsEvent: event) else { return }
      state.withLock {
        $0.format = hark_audio_info_format(&audio)
        $0.channels = Int(max(1, audio.channels))
        $0.fadeFrames = max(1, Int(Double(audio.rate) * Double(Self.fade) / 1e9))
      }
    case GST_EVENT_CUSTOM_DOWNSTREAM:
      guard let structure = gst_event_get_structure(event),
        gst_structure_has_name(structure, Self.markerName) != 0
      else { return }
      state.withLock { $0.phase = .fadingOut }
    case GST_EVENT_SEGMENT:
      // The new rate (or the next file, or a seek) starts here.
      state.withLock { if $0.phase != .idle { $0.phase = .fadingIn(done: 0) } }
    case GST_EVENT_FLUSH_STOP:
      state.withLock { $0.phase = .idle }
    default:
      break
    }
  }

  /// Scales each frame by the duck's gain, advancing the phase.
  private func apply(to buffer: UnsafeMutablePointer<GstBuffer>) {
    var map = GstMapInfo()
    guard gst_buffer_map(buffer, &map, GstMapFlags(GST_MAP_READ.rawValue | GST_MAP_WRITE.rawValue)) != 0 else { return }
    defer { gst_buffer_unmap(buffer, &map) }
    state.withLock { state in
      let bytesPerSample = state.format == GST_AUDIO_FORMAT_S16LE ? 2 : state.format == GST_AUDIO_FORMAT_F32LE ? 4 : 8
      let frames = Int(map.size) / (bytesPerSample * state.channels)
      let phase = state.phase
      let fade = phase == .fadingOut ? max(1, frames) : state.fadeFrames
      let gain = { (frame: Int) -> Double in Self.gain(phase, frame: frame, fade: fade) }
      let raw = UnsafeMutableRawPointer(map.data!)
      let samples = frames * state.channels
      switch state.format {
      case GST_AUDIO_FORMAT_S16LE:
        let pointer = raw.assumingMemoryBound(to: Int16.self)
        for index in 0..<samples { pointer[index] = Int16((Double(pointer[index]) * gain(index / state.channels)).rounded()) }
      case GST_AUDIO_FORMAT_F32LE:
        let pointer = raw.assumingMemoryBound(to: Float.self)
        for index in 0..<samples { pointer[index] *= Float(gain(index / state.channels)) }
      case GST_AUDIO_FORMAT_F64LE:
        let pointer = raw.assumingMemoryBound(to: Double.self)
        for index in 0..<samples { pointer[index] *= gain(index / state.channels) }
      default:
        break
      }
      state.phase = Self.advance(state.phase, by: frames, fade: fade)
    }
  }

  /// The gain of the buffer's `frame`-th frame: linear ramps of `fade` frames.
  private static func gain(_ phase: Phase, frame: Int, fade: Int) -> Double {
    switch phase {
    case .idle: 1
    case .silent: 0
    case .fadingOut: max(0, Double(fade - 1 - frame) / Double(fade))
    case .fadingIn(let done): min(1, Double(done + frame) / Double(fade))
    }
  }

  private static func advance(_ phase: Phase, by frames: Int, fade: Int) -> Phase {
    switch phase {
    case .fadingOut: return .silent
    case .fadingIn(let done): return done + frames >= fade ? .idle : .fadingIn(done: done + frames)
    case .idle, .silent: return phase
    }
  }
}
