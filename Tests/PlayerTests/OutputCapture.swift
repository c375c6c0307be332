import CGLib
import CGst
import Foundation
import Player
import XCTest

/// An `appsink` bin for `GStreamerEngine(audioSink:)`: the engine's decoded
/// output as mono S16 at one rate, as fast as the pipeline can go
/// (`sync=false`), cut into the files it came from by the segments.
final class OutputCapture {
  let sink: UnsafeMutablePointer<GstElement>
  private let appSink: UnsafeMutablePointer<GstAppSink>
  private(set) var samples: [Int16] = []
  /// Output samples per segment: one per file played through (or per seek
  /// or rate change).
  private(set) var segmentLengths: [Int] = []
  private var lastSegment: GstSegment?
  /// Stream time (seconds) of the last buffer pulled: where the output is.
  private(set) var lastStreamTime: Double?
  /// Per segment after the first: the running time between the end of the
  /// last buffer before it and its first buffer, in samples (rounded). A
  /// real-time sink plays that much silence (or overlaps, if negative),
  /// which `sync=false` otherwise hides.
  private(set) var segmentGaps: [Int] = []
  /// Within segments: the output samples whose stamps overlap the buffer
  /// before them (more than half a sample). A real-time sink writes
  /// buffers one after the other; overlapping stamps put its place ahead
  /// of them, and a later resync to a stamp writes over what it holds.
  private(set) var stampOverlap = 0
  /// Buffers after the first that came DISCONT: a real audio sink resyncs
  /// to such a buffer's running time instead of writing it on after the
  /// last sample (a file joined gaplessly should not be one).
  private(set) var discontinuities = 0
  /// Joins (a segment's first buffer) that come without DISCONT but do not
  /// start within half a sample of where a real audio sink's samples end
  /// (audiobasesink: on from its last resync, sample by sample, within its
  /// 40 ms alignment threshold): it writes such a buffer on after its last
  /// sample, off the timeline by the difference (an AAC part's extra
  /// priming sample made each join +1 when its DISCONT was dropped).
  private(set) var misjoined = 0
  /// Where that sink's samples end, in running time (nanoseconds).
  private var sinkEnd: Double?
  /// Per buffer pulled: its running time and the index of its first
  /// sample in `samples`, to tell which sample a synced sink plays when.
  private(set) var bufferStarts: [(running: GstClockTime, sample: Int)] = []
  private var runningEnd: GstClockTime?
  private var isSegmentStart = false
  private let rate: Int

  init(rate: Int, sync: Bool = false) {
    self.rate = rate
    try! GStreamerRuntime.start()
    let description =
      "audioconvert ! audioresample ! audio/x-raw,format=S16LE,rate=\(rate),channels=1 "
      + "! appsink name=capture sync=\(sync) max-buffers=0"
    var error: UnsafeMutablePointer<GError>?
    let bin = gst_parse_bin_from_description(description, 1, &error)!
    sink = gst_object_ref_sink(bin).assumingMemoryBound(to: GstElement.self)
    let element = gst_bin_get_by_name(hark_gst_bin(sink), "capture")!
    appSink = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSink.self)
  }

  deinit {
    gst_object_unref(UnsafeMutableRawPointer(appSink))
    gst_object_unref(UnsafeMutableRawPointer(sink))
  }

  /// Moves whatever the sink holds into `samples`.
  func drain() {
    while let sample = gst_app_sink_try_pull_sample(appSink, 0) {
      defer { gst_sample_unref(sample) }
      if let segment = gst_sample_get_segment(sample)?.pointee, !isSame(segment, lastSegment) {
        lastSegment = segment
        segmentLengths.append(0)
        isSegmentStart = true
      }
      guard let buffer = gst_sample_get_buffer(sample) else { continue }
      if !samples.isEmpty, buffer.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0 {
        discontinuities += 1
      }
      if var segment = lastSegment, buffer.pointee.pts != hark_gst_clock_time_none() {
        lastStreamTime = Double(gst_segment_to_stream_time(&segment, GST_FORMAT_TIME, buffer.pointee.pts)) / 1e9
        let start = gst_segment_to_running_time(&segment, GST_FORMAT_TIME, buffer.pointee.pts)
        if isSegmentStart, let runningEnd, start != hark_gst_clock_time_none() {
          segmentGaps.append(Int(((Double(start) - Double(runningEnd)) * Double(rate) / 1e9).rounded()))
        } else if let runningEnd, start != hark_gst_clock_time_none(), start < runningEnd {
          let overlap = Int(((Double(runningEnd) - Double(start)) * Double(rate) / 1e9).rounded())
          stampOverlap += overlap
        }
        let isDiscont = buffer.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0
        if isSegmentStart, !isDiscont, let sinkEnd, start != hark_gst_clock_time_none(),
          abs(Double(start) - sinkEnd) * Double(rate) / 1e9 >= 0.5
        {
          misjoined += 1
        }
        isSegmentStart = false
        if start != hark_gst_clock_time_none() {
          bufferStarts.append((start, samples.count))
          let length = Double(gst_buffer_get_size(buffer) / 2) / Double(rate) * 1e9
          let aligns = !isDiscont && sinkEnd.map { abs(Double(start) - $0) < 40e6 } == true
          sinkEnd = (aligns ? sinkEnd! : Double(start)) + length
        }
        if buffer.pointee.duration != hark_gst_clock_time_none(), start != hark_gst_clock_time_none() {
          runningEnd = start + buffer.pointee.duration
        }
      }
      var map = GstMapInfo()
      guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
      let count = Int(map.size) / 2
      if count > 0, let data = map.data {
        UnsafeRawPointer(data).withMemoryRebound(to: Int16.self, capacity: count) {
          samples.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
      gst_buffer_unmap(buffer, &map)
      if !segmentLengths.isEmpty { segmentLengths[segmentLengths.count - 1] += count }
    }
  }

  func clear() {
    drain()
    samples = []
    segmentLengths = []
    segmentGaps = []
    stampOverlap = 0
    discontinuities = 0
    misjoined = 0
    sinkEnd = nil
    runningEnd = nil
    bufferStarts = []
  }

  /// With `sync: true`: the index in `samples` of the sample the sink plays
  /// now (the clock's running time, less the latency the sink syncs with),
  /// after draining what it has rendered; nil before it has a clock.
  func sampleIndexPlayingNow() -> Double? {
    drain()
    let element = UnsafeMutableRawPointer(appSink).assumingMemoryBound(to: GstElement.self)
    guard let clock = gst_element_get_clock(element) else { return nil }
    defer { gst_object_unref(clock) }
    let now = gst_clock_get_time(clock)
    let latency = gst_base_sink_get_latency(UnsafeMutableRawPointer(appSink).assumingMemoryBound(to: GstBaseSink.self))
    let running = Double(now) - Double(gst_element_get_base_time(element)) - Double(latency)
    guard let last = bufferStarts.last(where: { Double($0.running) <= running }) else { return nil }
    let next = bufferStarts.first { $0.sample > last.sample }?.sample ?? samples.count
    let into = (running - Double(last.running)) * Double(rate) / 1e9
    return Double(last.sample) + min(into, Double(next - last.sample))
  }

  private func isSame(_ a: GstSegment, _ b: GstSegment?) -> Bool {
    guard let b else { return false }
    return a.start == b.start && a.base == b.base && a.rate == b.rate && a.time == b.time
  }
}

/// Runs the GLib main loop (where the engine's bus watch and timers fire)
/// until `condition` holds or `timeout` passes.
@MainActor
func spin(timeout: TimeInterval = 10, until condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline { return false }
    if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
  }
  return true
}

/// Reads a mono 16-bit PCM WAV (the sample library's gapless source).
func readWAV(_ path: String) throws -> [Int16] {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  // Find the "data" chunk rather than assuming a 44-byte header.
  var offset = 12
  while offset + 8 <= data.count {
    let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
    let size = data[offset + 4..<offset + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    if id == "data" {
      return data[offset + 8..<min(data.count, offset + 8 + Int(size))].withUnsafeBytes {
        Array($0.bindMemory(to: Int16.self))
      }
    }
    offset += 8 + Int(size) + Int(size & 1)
  }
  throw CocoaError(.fileReadCorruptFile)
}

/// Samples decoded by a pushed pipeline that ends in an element named
/// "decoder" and starts with `filesrc name=file` reading `path`: `patch` is
/// given the element named "patched" before it runs (nil: nothing patched).
func decodedSamples(
  _ description: String, file path: String, patch: ((UnsafeMutablePointer<GstElement>) -> Void)?
) throws -> Int {
  let capture = OutputCapture(rate: 44100)
  var error: UnsafeMutablePointer<GError>?
  let pipeline = try XCTUnwrap(gst_parse_launch(description, &error))
  defer {
    gst_element_set_state(pipeline, GST_STATE_NULL)
    gst_object_unref(pipeline)
  }
  let bin = hark_gst_bin(pipeline)
  let file = try XCTUnwrap(gst_bin_get_by_name(bin, "file"))
  let patched = try XCTUnwrap(gst_bin_get_by_name(bin, "patched"))
  let decoder = try XCTUnwrap(gst_bin_get_by_name(bin, "decoder"))
  defer { for element in [file, patched, decoder] { gst_object_unref(UnsafeMutableRawPointer(element)) } }
  hark_set_string(file, "location", path)
  patch?(patched)
  gst_bin_add(bin, capture.sink)
  XCTAssertNotEqual(gst_element_link(decoder, capture.sink), 0)
  gst_element_set_state(pipeline, GST_STATE_PLAYING)
  let bus = gst_element_get_bus(pipeline)
  defer { gst_object_unref(bus) }
  let deadline = Date().addingTimeInterval(20)
  while Date() < deadline {
    capture.drain()
    let kinds = GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
    if let message = gst_bus_timed_pop_filtered(bus, 10_000_000, kinds) {
      let isEnd = hark_gst_message_type(message) == GST_MESSAGE_EOS
      gst_message_unref(message)
      XCTAssertTrue(isEnd, "the pipeline failed")
      break
    }
  }
  capture.drain()
  return capture.samples.count
}
