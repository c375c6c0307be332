import CGLib
import CGst
import GObjectKit
import Synchronization

/// A correction to the bytes one kind of GStreamer element reads, planned
/// from a piece of its input (`MovieDurationPatch` for qtdemux,
/// `LAMETagPatch` for mpegaudioparse).
protocol InputPatch: SendableMetatype {
  associatedtype Plan: Sendable
  /// The factory name of the element whose input is patched.
  static var elementFactory: String { get }
  /// Whether what is patched can only be at the very start of the input;
  /// pulled pieces from elsewhere are then let through unread.
  static var onlyAtStart: Bool { get }
  static func plan(_ bytes: UnsafeRawBufferPointer) -> Plan
  static func step(for plan: Plan) -> InputPatchStep
  static func apply(_ plan: Plan, to bytes: UnsafeMutableRawBufferPointer)
}

/// What a plan asks of the probe.
enum InputPatchStep {
  /// Nothing to patch in this piece; keep looking at the next ones.
  case notHere
  /// It starts here but the piece ends too soon: join it with the next.
  case incomplete
  /// Found, and right as it is: stop looking.
  case keep
  /// Found: patch this piece, then stop looking.
  case patch
}

/// Puts an `InputPatch` between every element of its kind that playbin
/// creates and the bytes the element reads, until the patch is made or
/// found unneeded.
///
/// From a file an element may pull what it needs whole (qtdemux peeks at a
/// box's 16-byte header, then pulls the box). From a stream it is pushed
/// pieces of whatever size the network gave, and what the patch needs may
/// be split between two: then the piece is held back and sent on joined
/// with the next (at most `holdLimit` bytes; past that, unchanged).
final class InputPatchProbe: Sendable {
  static let holdLimit = 1 << 20

  /// One patch's plan for a piece, and how to apply it: the patch's type,
  /// erased (a C callback cannot be generic).
  private let planPiece: @Sendable (UnsafeRawBufferPointer) -> (InputPatchStep, @Sendable (UnsafeMutableRawBufferPointer) -> Void)
  private let onlyAtStart: Bool

  private init<Patch: InputPatch>(_: Patch.Type, found: @escaping @Sendable (Patch.Plan) -> Void) {
    onlyAtStart = Patch.onlyAtStart
    planPiece = { bytes in
      let plan = Patch.plan(bytes)
      let step = Patch.step(for: plan)
      if case .keep = step { found(plan) }
      if case .patch = step { found(plan) }
      return (step, { Patch.apply(plan, to: $0) })
    }
  }

  /// A pushed piece that starts what the patch needs, waiting for the rest
  /// (its address: a pointer is not Sendable; only the pad's streaming
  /// thread touches the buffer).
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
  static func install<Patch: InputPatch>(_ patch: Patch.Type, on playbin: ElementHandle) {
    let factory = Patch.elementFactory
    Signals.connectFromAnyThread(playbin.raw, "element-setup") { element in
      guard let element, isMadeBy(factory, element) else { return }
      attach(patch, to: hark_gst_element(element))
    }
  }

  /// Probes the element's input: buffers pushed or pulled, and the flushes
  /// and end that make a held piece stale. `found` hears the plan once it
  /// is final (a patch, or nothing to patch), on the streaming thread.
  static func attach<Patch: InputPatch>(
    _ patch: Patch.Type, to element: UnsafeMutablePointer<GstElement>,
    found: @escaping @Sendable (Patch.Plan) -> Void = { _ in }
  ) {
    guard let pad = gst_element_get_static_pad(element, "sink") else { return }
    defer { gst_object_unref(pad) }
    let mask = GstPadProbeType(
      GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_PUSH.rawValue | GST_PAD_PROBE_TYPE_PULL.rawValue
        | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
    let probe = InputPatchProbe(patch, found: found)
    PadProbe.add(to: pad, mask) { info, _ in probe.inspect(info) }
  }

  static func isMadeBy(_ factoryName: String, _ element: UnsafeMutableRawPointer) -> Bool {
    guard let factory = gst_element_get_factory(hark_gst_element(element)),
      let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
    else { return false }
    defer { g_free(name) }
    return String(cString: name) == factoryName
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
    if isPulled && onlyAtStart && info.pointee.offset != 0 { return hark_gst_probe_ok() }
    var piece = buffer
    if let waiting = takeHeld() {
      // Both references go into the joined buffer, which replaces this one.
      piece = gst_buffer_append(waiting, buffer)!
      hark_gst_probe_set_buffer(info, piece)
    }
    let (step, apply) = plan(piece)
    switch step {
    case .notHere: return hark_gst_probe_ok()
    case .incomplete where isPulled: return hark_gst_probe_ok()  // a peek: more comes next
    case .incomplete where gst_buffer_get_size(piece) < Self.holdLimit:
      hold(gst_buffer_ref(piece))
      return GST_PAD_PROBE_DROP  // the pad drops its reference; the hold keeps one
    case .incomplete, .keep: return GST_PAD_PROBE_REMOVE
    case .patch:
      let writable = hark_gst_probe_writable_buffer(info)
      var map = GstMapInfo()
      if gst_buffer_map(writable, &map, GST_MAP_WRITE) != 0 {
        apply(UnsafeMutableRawBufferPointer(start: map.data, count: Int(map.size)))
        gst_buffer_unmap(writable, &map)
      }
      return GST_PAD_PROBE_REMOVE
    }
  }

  private func plan(
    _ buffer: UnsafeMutablePointer<GstBuffer>
  ) -> (InputPatchStep, @Sendable (UnsafeMutableRawBufferPointer) -> Void) {
    var map = GstMapInfo()
    guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return (.notHere, { _ in }) }
    defer { gst_buffer_unmap(buffer, &map) }
    return planPiece(UnsafeRawBufferPointer(start: map.data, count: Int(map.size)))
  }
}
