import CGLib
import CGst
import GObjectKit
import Synchronization

/// Puts `MovieDurationPatch` between every qtdemux playbin creates and the
/// bytes it reads, until the `moov` box has gone by.
///
/// From a file, qtdemux pulls the box whole (after a 16-byte peek at its
/// header). From a stream it is pushed pieces of whatever size the network
/// gave, and the box's first few hundred bytes may be split between two:
/// then the piece is held back and sent on joined with the next (at most
/// `holdLimit` bytes; past that, unchanged).
final class EditListEndFix: Sendable {
  static let holdLimit = 1 << 20

  /// A pushed piece that starts the `moov` box, waiting for the rest of
  /// what the patch needs (its address: a pointer is not Sendable; only
  /// the pad's streaming thread touches the buffer).
  private let held = Mutex<UInt>(0)

  private func takeHeld() -> UnsafeMutablePointer<GstBuffer>? {
    UnsafeMutablePointer(bitPattern: held.withLock { address in
      defer { address = 0 }
      return address
    })
  }

  private func hold(_ buffer: UnsafeMutablePointer<GstBuffer>) {
    held.withLock { $0 = UInt(bitPattern: buffer) }
  }

  /// `element-setup` runs on a streaming thread for every element playbin
  /// or its decodebins create.
  static func install(on playbin: ElementHandle) {
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, isQuickTimeDemuxer(element) else { return }
      attach(toDemuxer: hark_gst_element(element))
    }
  }

  /// Probes the demuxer's input: buffers pushed or pulled, and the flushes
  /// and end that make a held piece stale.
  static func attach(toDemuxer demuxer: UnsafeMutablePointer<GstElement>) {
    guard let pad = gst_element_get_static_pad(demuxer, "sink") else { return }
    defer { gst_object_unref(pad) }
    let mask = GstPadProbeType(
      GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_PUSH.rawValue | GST_PAD_PROBE_TYPE_PULL.rawValue
        | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    gst_pad_add_probe(
      pad, mask,
      { _, info, data in
        Unmanaged<EditListEndFix>.fromOpaque(data!).takeUnretainedValue().inspect(info!)
      }, Unmanaged.passRetained(EditListEndFix()).toOpaque(),
      { data in Unmanaged<EditListEndFix>.fromOpaque(data!).release() })
  }

  private static func isQuickTimeDemuxer(_ element: UnsafeMutableRawPointer) -> Bool {
    guard let factory = gst_element_get_factory(hark_gst_element(element)),
      let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
    else { return false }
    defer { g_free(name) }
    return String(cString: name) == "qtdemux"
  }

  deinit { takeHeld().map { gst_buffer_unref($0) } }

  private func inspect(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
    guard hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0,
      let buffer = hark_gst_probe_buffer(info)
    else {
      // A flush or the end: a held piece belongs to data that is gone.
      let type = hark_gst_probe_event(info).map(hark_gst_event_type)
      if type == GST_EVENT_FLUSH_STOP || type == GST_EVENT_EOS {
        takeHeld().map { gst_buffer_unref($0) }
      }
      return hark_gst_probe_ok()
    }
    let isPulled = hark_gst_probe_type(info).rawValue & GST_PAD_PROBE_TYPE_PULL.rawValue != 0
    var piece = buffer
    if let waiting = takeHeld() {
      // Both references go into the joined buffer, which replaces this one.
      piece = gst_buffer_append(waiting, buffer)!
      hark_gst_probe_set_buffer(info, piece)
    }
    let plan = Self.plan(piece)
    switch plan {
    case .notHere: return hark_gst_probe_ok()
    case .incomplete where isPulled: return hark_gst_probe_ok()  // the peek: the box comes next
    case .incomplete where gst_buffer_get_size(piece) < Self.holdLimit:
      hold(gst_buffer_ref(piece))
      return GST_PAD_PROBE_DROP  // the pad drops its reference; the hold keeps one
    case .incomplete, .keep: return GST_PAD_PROBE_REMOVE
    case .lengthen:
      let writable = hark_gst_probe_writable_buffer(info)
      var map = GstMapInfo()
      if gst_buffer_map(writable, &map, GST_MAP_WRITE) != 0 {
        MovieDurationPatch.apply(plan, to: UnsafeMutableRawBufferPointer(start: map.data, count: Int(map.size)))
        gst_buffer_unmap(writable, &map)
      }
      return GST_PAD_PROBE_REMOVE
    }
  }

  private static func plan(_ buffer: UnsafeMutablePointer<GstBuffer>) -> MovieDurationPatch.Plan {
    var map = GstMapInfo()
    guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return .notHere }
    defer { gst_buffer_unmap(buffer, &map) }
    return MovieDurationPatch.plan(UnsafeRawBufferPointer(start: map.data, count: Int(map.size)))
  }
}
