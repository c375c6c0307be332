import CGLib
import CGst
import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// `scripts/bench-playback` runs this with HARK_BENCH_PLAYBACK=1; a normal
/// test run skips it. It prints one `BENCH {json}` line per measurement:
/// gap samples per boundary, seek latency, CPU while playing.
/// `scripts/bench-gapless-realtime` runs `testRealtimePlayback` alone, with
/// HARK_BENCH_REALTIME=1, once per book it records through a real-time sink.
final class PlaybackBenchmark: XCTestCase {
  private static var enabled: Bool { ProcessInfo.processInfo.environment["HARK_BENCH_PLAYBACK"] == "1" }

  private static func report(_ fields: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print("BENCH " + String(decoding: data, as: UTF8.self))
  }

  func testGapSamplesPerBoundary() throws {
    try XCTSkipUnless(Self.enabled)
    let library = try SampleLibrary.load()
    let sweeps = ["mp3-lame-cbr", "mp3-lame-vbr", "mp3-ffmpeg-cbr", "mp3-ffmpeg-vbr", "vorbis"].map { "gapless-sweep-\($0)" }
    for id in ["gapless-flac", "gapless-opus", "gapless-mp3-lame", "gapless-aac"] + sweeps {
      for rate in [1.0, 1.5] {
        try MainActor.assumeIsolated {
          let fields = try Self.measureGaps(id, rate: rate, library: library)
          Self.report(["kind": "gapless", "book": id, "rate": rate].merging(fields) { $1 })
        }
      }
    }
  }

  @MainActor
  private static func measureGaps(_ id: String, rate: Double, library: SampleLibrary) throws -> [String: Any] {
    let book = try GaplessBook(id, in: library)
    let capture = OutputCapture(rate: book.sampleRate)
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.setRate(rate)
    engine.load(book.localSources, startIndex: 0, position: 0)
    engine.play()
    guard capture.playToEnd(recorder) else { return ["error": engine.lastError ?? "did not end"] }
    let samples = capture.samples
    // The tone's own largest step, away from any boundary.
    let ownStep = SignalMeasures.largestStep(samples, in: book.sampleRate..<(book.sampleRate * 2))
    var boundaries: [[String: Any]] = []
    var end = 0
    for (index, played) in capture.segmentLengths.enumerated() {
      end += played
      // Held to what each file's own gapless data says (ffmpeg's decoding).
      let expected = index < book.decodedSamples.count ? Double(book.decodedSamples[index]) / rate : 0
      var entry: [String: Any] = ["file": index + 1, "inserted_or_lost": Int((Double(played) - expected).rounded())]
      if index < capture.segmentLengths.count - 1 {
        entry["largest_step"] = SignalMeasures.largestStep(samples, in: (end - 2048)..<(end + 2048))
      }
      boundaries.append(entry)
    }
    var result: [String: Any] = [
      "files": book.fileSamples.count, "segments": capture.segmentLengths.count, "own_step": ownStep,
      "per_file": boundaries, "total_samples": samples.count,
      "expected_total": Int((Double(book.decodedSamples.reduce(0, +)) / rate).rounded()),
      "pitch_hz": SignalMeasures.dominantFrequency(samples, rate: book.sampleRate, in: 0..<samples.count),
    ]
    if rate == 1, book.sampleRate == 44100 {
      let source = try book.source()
      result["bit_exact"] = SignalMeasures.firstDifference(samples, source) == nil
    }
    return result
  }

  /// `scripts/bench-gapless-realtime` runs this once per play with
  /// HARK_BENCH_REALTIME=1, while it records its private PulseAudio null
  /// sink: one gapless book (HARK_BENCH_REALTIME_BOOK), from disk or
  /// streamed from the test server (HARK_BENCH_REALTIME_SOURCE=local|http),
  /// at HARK_BENCH_REALTIME_RATE, through the engine's own default sink
  /// (autoaudiosink, which finds pulsesink through PULSE_SERVER). The
  /// script analyses the recording; this only plays and says how it went.
  func testRealtimePlayback() throws {
    let environment = ProcessInfo.processInfo.environment
    try XCTSkipUnless(environment["HARK_BENCH_REALTIME"] == "1")
    let id = try XCTUnwrap(environment["HARK_BENCH_REALTIME_BOOK"])
    let source = environment["HARK_BENCH_REALTIME_SOURCE"] ?? "local"
    let rate = Double(environment["HARK_BENCH_REALTIME_RATE"] ?? "") ?? 1
    let library = try SampleLibrary.load()
    let book = try GaplessBook(id, in: library)
    var server: TestServer?
    defer { server?.stop() }
    var sources = book.localSources
    if source == "http" {
      let started = try TestServer.start(library: library)
      server = started
      sources = try Curl.streamSources(book.book, from: started, token: Curl.login(started))
    }
    try MainActor.assumeIsolated {
      let engine = try GStreamerEngine()
      let recorder = SnapshotRecorder(engine)
      engine.setRate(rate)
      engine.load(sources, startIndex: 0, position: 0)
      let start = Date()
      engine.play()
      let length = book.book.files.reduce(0) { $0 + $1.duration } / rate
      let ended = recorder.wait(for: .ended, timeout: length + 30)
      let seconds = Date().timeIntervalSince(start)
      let states = recorder.states.map { "\($0)" }
      // The sound server still holds up to pulsesink's 200 ms when the
      // engine says `ended`; a reset right away drops it (the recordings
      // lost up to 80 ms of the book's end on a busy machine).
      _ = spin(timeout: 1) { false }
      engine.reset()
      var fields: [String: Any] = ["ended": ended, "wall_seconds": seconds, "states": states]
      if let error = engine.lastError { fields["error"] = error }
      Self.report(["kind": "realtime", "book": id, "source": source, "rate": rate].merging(fields) { $1 })
    }
  }

  func testSeekLatency() throws {
    try XCTSkipUnless(Self.enabled)
    let library = try SampleLibrary.load()
    let long = try XCTUnwrap(library.book("long"))
    let local = EngineSource(uri: URL(fileURLWithPath: library.path(long.files[0].path)))
    let server = try TestServer.start(library: library)
    defer { server.stop() }
    let token = try Curl.login(server)
    let stream = EngineSource(
      uri: Curl.streamURL(server, path: long.files[0].path), headers: ["Authorization": "Bearer \(token)"])
    for (name, source) in [("local", local), ("http", stream)] {
      let latencies = try MainActor.assumeIsolated { try Self.seekLatencies(source, duration: long.files[0].duration) }
      let sorted = latencies.sorted()
      Self.report([
        "kind": "seek", "source": name, "count": sorted.count, "median_ms": sorted[sorted.count / 2],
        "p95_ms": sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))],
      ])
    }
  }

  /// Milliseconds from `seek` until the sink receives audio of the new
  /// position, while playing in real time.
  @MainActor
  private static func seekLatencies(_ source: EngineSource, duration: Double) throws -> [Double] {
    let capture = OutputCapture(rate: 22050, sync: true)
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.load([source], startIndex: 0, position: 0)
    engine.play()
    guard recorder.wait(for: .playing) else { return [] }
    var generator = SystemRandomNumberGenerator()
    var latencies: [Double] = []
    for _ in 0..<25 {
      _ = spin(timeout: 0.2) { capture.drain(); return false }
      let target = Double.random(in: 10..<(duration - 30), using: &generator)
      let start = Date()
      engine.seek(trackIndex: 0, position: target)
      let arrived = spin(timeout: 5) {
        capture.drain()
        return abs((capture.lastStreamTime ?? -10) - target) < 0.5
      }
      if arrived { latencies.append(Date().timeIntervalSince(start) * 1000) }
    }
    return latencies
  }

  /// Rounds alternate the engine and the reference (bench/playbin_cpu.py: a
  /// bare playbin, with scaletempo and the rate when not at 1x) on the same
  /// file, sink, start position and window, so both see the same machine.
  func testCPUWhilePlaying() throws {
    try XCTSkipUnless(Self.enabled)
    let library = try SampleLibrary.load()
    let long = try XCTUnwrap(library.book("long"))
    let environment = ProcessInfo.processInfo.environment
    let seconds = Double(environment["HARK_BENCH_CPU_SECONDS"] ?? "") ?? 8
    let rounds = Int(environment["HARK_BENCH_CPU_ROUNDS"] ?? "") ?? 3
    let path = library.path(long.files[0].path)
    for round in 1...rounds {
      for rate in [1.0, 1.5] {
        let cpu = try MainActor.assumeIsolated { try Self.cpuSeconds(playing: path, rate: rate, for: seconds) }
        let reference = try Self.referenceCPUSeconds(playing: path, rate: rate, for: seconds)
        Self.report([
          "kind": "cpu", "rate": rate, "round": round, "seconds": seconds, "cpu_seconds": cpu,
          "reference_cpu_seconds": reference, "file": long.files[0].path,
        ])
      }
    }
  }

  /// CPU time this process spends while the engine plays in real time into
  /// `fakesink sync=true`, the main loop blocking between events as the app's does.
  @MainActor
  private static func cpuSeconds(playing path: String, rate: Double, for seconds: Double) throws -> Double {
    try GStreamerRuntime.start()
    let sink = gst_element_factory_make("fakesink", nil)!
    hark_set_bool(UnsafeMutableRawPointer(sink), "sync", 1)
    let engine = try GStreamerEngine(audioSink: sink)
    let recorder = SnapshotRecorder(engine)
    engine.setRate(rate)
    engine.load([EngineSource(uri: URL(fileURLWithPath: path))], startIndex: 0, position: 60)
    engine.play()
    guard recorder.wait(for: .playing) else { return -1 }
    // The same second of warm-up as the reference gets.
    runMainLoop(for: 1)
    let before = processCPU()
    runMainLoop(for: seconds)
    let used = processCPU() - before
    engine.reset()
    return used
  }

  /// The main loop blocking in poll, as in the app (no busy spinning).
  private static func runMainLoop(for seconds: Double) {
    let loop = g_main_loop_new(nil, 0)
    g_timeout_add(UInt32(seconds * 1000), { loop in
      g_main_loop_quit(OpaquePointer(loop))
      return 0
    }, UnsafeMutableRawPointer(loop))
    g_main_loop_run(loop)
    g_main_loop_unref(loop)
  }

  /// bench/playbin_cpu.py's CPU seconds over the same window (-1: it failed).
  private static func referenceCPUSeconds(playing path: String, rate: Double, for seconds: Double) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      SampleLibrary.repositoryRoot.appendingPathComponent("bench/playbin_cpu.py").path, path,
      "--rate", String(rate), "--seconds", String(seconds), "--start", "60", "--warm-up", "1",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// All threads, in nanoseconds: the clock the reference reads too.
  private static func processCPU() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
