import CGLib
import CGst
import HarkCore

/// Initialises GStreamer once per process.
public enum GStreamerRuntime {
  /// Why GStreamer could not start, in the listener's words.
  public struct Unavailable: Error, Equatable {
    public let message: String
  }

  private static let outcome: Result<Void, Unavailable> = {
    var error: UnsafeMutablePointer<GError>?
    if gst_init_check(nil, nil, &error) != 0 { return .success(()) }
    let detail = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
    g_clear_error(&error)
    return .failure(Unavailable(message: trFormat("Sound is unavailable: GStreamer could not start (%@).", detail)))
  }()

  /// Starts GStreamer if needed; safe from any thread.
  public static func start() throws(Unavailable) {
    try outcome.get()
  }

  /// The running GStreamer version, e.g. "1.22.0".
  public static var version: String {
    var major: guint = 0, minor: guint = 0, micro: guint = 0, nano: guint = 0
    gst_version(&major, &minor, &micro, &nano)
    return "\(major).\(minor).\(micro)"
  }
}
