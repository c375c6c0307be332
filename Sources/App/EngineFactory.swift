import CGst
import Foundation
import HarkCore
import Player

/// Makes the audio engine on the first play.
@MainActor
enum EngineFactory {
  /// Nil when GStreamer cannot start; the session then shows an error
  /// instead of a player that never plays.
  ///
  /// `HARK_AUDIO_SINK` names another sink element (the UI tests run with
  /// `fakesink`, which keeps real time without a sound server).
  static func make() -> (any PlaybackEngine)? {
    do {
      try GStreamerRuntime.start()
      return try GStreamerEngine(audioSink: sinkFromEnvironment())
    } catch {
      printToStandardError("hark: \(error.message)")
      return nil
    }
  }

  private static func sinkFromEnvironment() -> UnsafeMutablePointer<GstElement>? {
    guard let name = ProcessInfo.processInfo.environment["HARK_AUDIO_SINK"], !name.isEmpty,
      let sink = gst_element_factory_make(name, nil)
    else { return nil }
    // A fake sink must still play in real time, or a book would race past.
    if hark_has_property(sink, "sync") != 0 { hark_set_bool(sink, "sync", 1) }
    return sink
  }
}
