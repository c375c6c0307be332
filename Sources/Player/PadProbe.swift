import CGst

/// A pad probe whose handler is a Swift closure: the closure (and what it
/// captures) lives exactly as long as the probe, released by GStreamer's
/// destroy notify when the probe or its pad goes.
enum PadProbe {
  typealias Handler = @Sendable (UnsafeMutablePointer<GstPadProbeInfo>, UnsafeMutablePointer<GstPad>) ->
    GstPadProbeReturn

  private final class Box: Sendable {
    let handle: Handler
    init(_ handle: @escaping Handler) { self.handle = handle }
  }

  /// Everything playsink's audio input sees: buffers, downstream events and
  /// (which a probe only gets when it asks) flushes.
  static let buffersEventsAndFlushes = GstPadProbeType(
    GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
      | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)

  static func add(to pad: UnsafeMutablePointer<GstPad>, _ types: GstPadProbeType, _ handle: @escaping Handler) {
    gst_pad_add_probe(
      pad, types,
      { pad, info, data in
        Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().handle(info!, pad!)
      }, Unmanaged.passRetained(Box(handle)).toOpaque(),
      { data in Unmanaged<Box>.fromOpaque(data!).release() })
  }
}
