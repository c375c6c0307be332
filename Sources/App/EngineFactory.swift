import HarkCore
import Player

/// Makes the audio engine on the first play.
@MainActor
enum EngineFactory {
  /// Nil when GStreamer cannot start; the session then shows an error
  /// instead of a player that never plays.
  static func make() -> (any PlaybackEngine)? {
    do {
      try GStreamerRuntime.start()
    } catch {
      printToStandardError("hark: \(error.message)")
      return nil
    }
    // The GStreamer engine lands with the rest of issue 5's engine work.
    return nil
  }
}
