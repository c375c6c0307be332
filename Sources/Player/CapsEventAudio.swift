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
