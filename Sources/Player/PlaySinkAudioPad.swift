import CGLib
import CGst
import GObjectKit

/// playsink's audio input pad, where the engine's probes watch everything
/// the current file sends to the sink. playsink requests it when playbin
/// links the first file; it then lives as long as the pipeline.
enum PlaySinkAudioPad {
  /// Calls `added` with the pad once playsink has it (on GStreamer's thread).
  static func whenAdded(
    to playSink: UnsafeMutablePointer<GstElement>, _ added: @escaping @Sendable (UnsafeMutablePointer<GstPad>) -> Void
  ) {
    Signals.connectFromAnyThread(playSink, "pad-added") { pad in
      guard let pad, let name = gst_object_get_name(pad.assumingMemoryBound(to: GstObject.self)) else { return }
      defer { g_free(name) }
      guard String(cString: name) == "audio_sink" else { return }
      added(pad.assumingMemoryBound(to: GstPad.self))
    }
  }
}
