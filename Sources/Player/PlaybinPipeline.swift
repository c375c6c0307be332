import CGLib
import CGst
import GObjectKit
import HarkCore

/// One classic `playbin` (measured gapless on 1.22, unlike playbin3) with
/// `scaletempo` as its audio filter and the chosen sink, plus the few calls
/// the engine makes on it. Main thread only, except what `handle` exposes
/// to streaming-thread callbacks.
@MainActor
final class PlaybinPipeline {
  let handle: ElementHandle
  /// The `scaletempo` in playbin's audio filter (owned by playbin).
  let tempo: UnsafeMutablePointer<GstElement>?
  private var busWatch: guint = 0

  var playbin: UnsafeMutablePointer<GstElement> { handle.element }

  /// - Parameter audioSink: nil for `autoaudiosink`; the pipeline takes a
  ///   reference (tests pass an `appsink` bin they keep pulling from).
  init(audioSink: UnsafeMutablePointer<GstElement>?) throws(GStreamerRuntime.Unavailable) {
    try GStreamerRuntime.start()
    guard let playbin = gst_element_factory_make("playbin", "hark-playbin") else {
      throw GStreamerRuntime.Unavailable(message: tr("Sound is unavailable: GStreamer's playbin is missing."))
    }
    handle = ElementHandle(element: gst_object_ref_sink(playbin).assumingMemoryBound(to: GstElement.self))
    // Audio only: never decode a cover art "video" stream, no subtitles.
    gst_util_set_object_arg(handle.raw.assumingMemoryBound(to: GObject.self), "flags", "audio+soft-volume")
    tempo = gst_element_factory_make("scaletempo", nil)
    if let tempo { hark_set_object(handle.raw, "audio-filter", tempo) }
    if let audioSink { hark_set_object(handle.raw, "audio-sink", audioSink) }
  }

  func teardown() {
    if busWatch != 0 { g_source_remove(busWatch) }
    busWatch = 0
    stop(at: GST_STATE_NULL)
    gst_object_unref(handle.raw)
  }

  /// The internal playsink, where the rate keeper listens.
  var playSink: UnsafeMutablePointer<GstElement>? {
    gst_bin_get_by_name(hark_gst_bin(handle.raw), "playsink")
  }

  /// Shortens playsink's audio queue from 1 s to 150 ms once it exists. A
  /// speed change applies to audio entering playsink, so everything queued
  /// there still plays at the old speed: this is the change's latency. The
  /// network's buffering happens upstream (queue2/multiqueue), not here.
  func limitAudioQueue() {
    guard let queue = gst_bin_get_by_name(hark_gst_bin(handle.raw), "aqueue") else { return }
    hark_set_uint64(queue, "max-size-time", 150_000_000)
    gst_object_unref(queue)
  }

  /// Bus messages, delivered on the main loop (an fd source: no polling).
  func watchBus(_ deliver: @escaping @MainActor (UnsafeMutablePointer<GstMessage>) -> Void) {
    final class Box {
      let deliver: @MainActor (UnsafeMutablePointer<GstMessage>) -> Void
      init(_ deliver: @escaping @MainActor (UnsafeMutablePointer<GstMessage>) -> Void) { self.deliver = deliver }
    }
    let bus = gst_element_get_bus(playbin)
    defer { gst_object_unref(bus) }
    busWatch = gst_bus_add_watch_full(
      bus, G_PRIORITY_DEFAULT,
      { _, message, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        nonisolated(unsafe) let message = message!
        MainActor.assumeIsolated { box.deliver(message) }
        return 1
      }, Unmanaged.passRetained(Box(deliver)).toOpaque(),
      { data in Unmanaged<Box>.fromOpaque(data!).release() })
  }

  func setURI(_ uri: String) { hark_set_string(handle.raw, "uri", uri) }

  /// Drops the messages still waiting on the bus. Called once the pipeline
  /// is stopped (READY: its streaming threads are gone), when they can only
  /// be about the file it was playing: a late error, buffering report or
  /// ASYNC_DONE from there would be taken for the next file's.
  func dropPendingMessages() {
    let bus = gst_element_get_bus(playbin)
    defer { gst_object_unref(bus) }
    gst_bus_set_flushing(bus, 1)
    gst_bus_set_flushing(bus, 0)
  }

  /// Starts or pauses the pipeline. Stopping it is `stop(at:)`.
  @discardableResult
  func setState(_ state: GstState) -> GstStateChangeReturn { gst_element_set_state(playbin, state) }

  /// Stops the pipeline at READY or NULL, its audio output first.
  ///
  /// Stopping playbin all at once can hang for good. When the file queued
  /// for a gapless switch has failed (its stream dropped), its uridecodebin
  /// tears itself down inside playbin's PLAYING→PAUSED step. By then the
  /// sink is paused and the audio queue in front of it is full, so that
  /// file's streaming thread waits for room in the queue while holding the
  /// lock the teardown needs. Stopping playsink first flushes the sink and
  /// the queue: the thread gets FLUSHING and lets go. Its state is locked
  /// meanwhile, or playbin's own PLAYING→PAUSED step would bring it back up.
  func stop(at state: GstState) {
    guard let playSink else {
      gst_element_set_state(playbin, state)
      return
    }
    defer { gst_object_unref(playSink) }
    gst_element_set_locked_state(playSink, 1)
    gst_element_set_state(playSink, state)
    gst_element_set_state(playbin, state)
    gst_element_set_locked_state(playSink, 0)
  }

  /// A flushing, accurate seek inside the current file. Rate stays 1 here:
  /// the speed is the rate keeper's job.
  @discardableResult
  func seek(to seconds: Double) -> Bool {
    let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
    return gst_element_seek_simple(playbin, GST_FORMAT_TIME, flags, Self.nanoseconds(seconds)) != 0
  }

  /// Seconds into the current file, when the sink can tell.
  var position: Double? { query(gst_element_query_position) }
  var duration: Double? { query(gst_element_query_duration).flatMap { $0 > 0 ? $0 : nil } }

  /// 0…1 on a cubic scale, which is how loudness feels on a slider.
  func setVolume(_ volume: Double) {
    gst_stream_volume_set_volume(OpaquePointer(handle.raw), GST_STREAM_VOLUME_FORMAT_CUBIC, volume)
  }

  private func query(
    _ ask: (UnsafeMutablePointer<GstElement>?, GstFormat, UnsafeMutablePointer<gint64>?) -> gboolean
  ) -> Double? {
    var value: gint64 = 0
    guard ask(playbin, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
    return Double(value) / 1e9
  }

  static func nanoseconds(_ seconds: Double) -> gint64 { gint64((max(0, seconds) * 1e9).rounded()) }
}
