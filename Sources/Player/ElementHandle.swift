import CGst

/// A GStreamer element pointer that streaming-thread callbacks may carry.
/// GStreamer objects are thread-safe (their properties and signals lock
/// internally); Swift just cannot know that about a C pointer.
struct ElementHandle: @unchecked Sendable {
  let element: UnsafeMutablePointer<GstElement>

  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(element) }
}
