import CGLib
import CGst
import GObjectKit

/// Gives every HTTP source playbin opens its track's headers (the bearer
/// token travels in `Authorization`, never in the URL). souphttpsrc sends
/// `extra-headers` with every request of that source: Range requests after a
/// seek and the next file queued for gapless playback included.
///
/// It also turns off souphttpsrc's own reconnecting (3 tries by default):
/// a dropped stream must reach the session as an error it can show with
/// Try Again, not be papered over by retries that each fetch a little more
/// from a failing server (REFERENCE-BEHAVIOR §6: the engine never retries).
enum StreamHeaders {
  static let userAgent = "Hark (GNOME audiobook player)"

  /// `source-setup` runs on a streaming thread; `shared` is read under its lock.
  static func install(on playbin: ElementHandle, shared: EngineSharedState) {
    Signals.connectFromAnyThread(playbin.raw, "source-setup") { source in
      guard let source, hark_has_property(source, "extra-headers") != 0 else { return }
      guard let location = hark_get_string(source, "location") else { return }
      let uri = String(cString: location)
      g_free(location)
      apply(shared.headers(for: uri), to: source)
    }
  }

  private static func apply(_ headers: [String: String], to source: UnsafeMutableRawPointer) {
    if hark_has_property(source, "user-agent") != 0 { hark_set_string(source, "user-agent", userAgent) }
    if hark_has_property(source, "retries") != 0 { hark_set_int(source, "retries", 0) }
    guard !headers.isEmpty, let structure = gst_structure_new_empty("extra-headers") else { return }
    defer { gst_structure_free(structure) }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      hark_structure_set_string(structure, name, value)
    }
    // The property copies the structure.
    hark_set_boxed(source, "extra-headers", structure)
  }
}
