import CGLib
import CGst
import HarkCore

/// GStreamer's errors in words a listener can act on. The technical detail
/// stays out: it may name the stream URL's server internals, and never
/// helps the listener.
enum EngineErrorText {
  static func describe(_ message: UnsafeMutablePointer<GstMessage>) -> String {
    var error: UnsafeMutablePointer<GError>?
    var debug: UnsafeMutablePointer<gchar>?
    gst_message_parse_error(message, &error, &debug)
    defer {
      g_clear_error(&error)
      g_free(debug)
    }
    guard let error else { return tr("Playback stopped because of an unknown error.") }
    let domain = error.pointee.domain
    let code = error.pointee.code
    let text = String(cString: error.pointee.message)
    if text.contains("Unauthorized") || text.contains("Forbidden") {
      return tr("The server refused to play this book. Try signing in again.")
    }
    if isFromNetworkSource(message) && !(domain == gst_resource_error_quark() && code == GST_RESOURCE_ERROR_NOT_FOUND.rawValue) {
      // Whatever the code (a cut connection surfaces as a generic stream
      // error from the source), the file is fine: the connection is not.
      return tr("The connection to the server was lost. Check the connection and try again.")
    }
    if domain == gst_resource_error_quark() {
      switch GstResourceError(rawValue: UInt32(code)) {
      case GST_RESOURCE_ERROR_NOT_FOUND: return tr("The audio file could not be found.")
      case GST_RESOURCE_ERROR_OPEN_READ, GST_RESOURCE_ERROR_READ:
        return tr("The audio could not be read. Check the connection or the file.")
      default: return tr("The audio could not be read.")
      }
    }
    if domain == gst_stream_error_quark() {
      switch GstStreamError(rawValue: UInt32(code)) {
      case GST_STREAM_ERROR_CODEC_NOT_FOUND: return tr("Hark cannot play this audio format: a decoder is missing.")
      default: return tr("The audio file is damaged or not in a format Hark can play.")
      }
    }
    return trFormat("Playback stopped: %@", text)
  }

  /// souphttpsrc (named "source" inside playbin's uridecodebin).
  private static func isFromNetworkSource(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
    guard let source = hark_gst_message_src(message),
      let factory = gst_element_get_factory(UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstElement.self))
    else { return false }
    guard let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
    else { return false }
    defer { g_free(name) }
    return String(cString: name).hasSuffix("httpsrc")
  }
}
