import CGst

/// The raw-audio format a CAPS event announces; nil when the caps are not
/// raw audio. For probes that size, fade or count what flows after it.
func audioInfo(ofCapsEvent event: UnsafeMutablePointer<GstEvent>) -> GstAudioInfo? {
  var caps: UnsafeMutablePointer<GstCaps>?
  gst_event_parse_caps(event, &caps)
  var audio = GstAudioInfo()
  guard let caps, gst_audio_info_from_caps(&audio, caps) != 0 else { return nil }
  return audio
}

/// A raw-audio stream's sample rate and bytes per frame, as a probe keeps
/// them from the last CAPS event to size what flows after it (0 until one
/// came).
struct FrameFormat: Sendable {
  var sampleRate = 0
  var bytesPerFrame = 0

  init() {}

  init?(capsEvent event: UnsafeMutablePointer<GstEvent>) {
    guard let audio = audioInfo(ofCapsEvent: event) else { return nil }
    sampleRate = Int(audio.rate)
    bytesPerFrame = Int(audio.bpf)
  }
}
