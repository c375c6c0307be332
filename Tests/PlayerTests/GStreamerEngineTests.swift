import CGst
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The engine on real GStreamer with the sample library's generated tones:
/// states, gapless output compared sample by sample, seeks, errors, speed.
final class GStreamerEngineTests: XCTestCase {
  func testLoadPlayPauseSeekAndResetReportTheirStates() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100, sync: true)  // real time, like a sound card
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)

      engine.load(flac.localSources, startIndex: 0, position: 1.0)
      XCTAssertEqual(recorder.last?.state, .loading)
      XCTAssertTrue(recorder.wait(for: .ready), "\(recorder.states)")
      XCTAssertEqual(recorder.last?.position ?? 0, 1.0, accuracy: 0.05)
      XCTAssertEqual(recorder.last?.duration ?? 0, 3.003, accuracy: 0.01)

      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing))
      XCTAssertTrue(spin(timeout: 3) { (recorder.last?.position ?? 0) > 1.4 }, "the position is polled")
      engine.pause()
      XCTAssertTrue(recorder.wait(for: .paused))
      let polled = recorder.snapshots.count
      _ = spin(timeout: 0.6) { false }
      XCTAssertEqual(recorder.snapshots.count, polled, "no polling while paused")

      engine.seek(trackIndex: 0, position: 2.0)
      XCTAssertTrue(spin { abs((recorder.last?.position ?? 0) - 2.0) < 0.02 })
      XCTAssertEqual(recorder.last?.state, .paused)

      engine.seek(trackIndex: 2, position: 1.5)
      XCTAssertEqual(recorder.last?.state, .loading)
      XCTAssertTrue(recorder.wait(for: .paused), "\(recorder.states)")
      XCTAssertEqual(recorder.last?.trackIndex, 2)
      XCTAssertEqual(recorder.last?.position ?? 0, 1.5, accuracy: 0.05)

      engine.reset()
      // (With the id of the last seek: nothing is under way any more.)
      XCTAssertEqual(recorder.last, EngineSnapshot(state: .idle, seekID: recorder.last?.seekID ?? .zero))
      XCTAssertEqual(recorder.states, [.loading, .ready, .playing, .paused, .loading, .paused, .idle])
    }
  }

  func testFLACPlaysSampleExactAcrossFileBoundaries() throws {
    try MainActor.assumeIsolated {
      let (flac, capture, engine, recorder) = try capturingEngine(for: "gapless-flac")
      engine.load(flac.localSources, startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      let source = try flac.source()
      XCTAssertEqual(capture.samples.count, source.count)
      XCTAssertNil(SignalMeasures.firstDifference(capture.samples, source), "bit-exact output")
      XCTAssertEqual(capture.segmentLengths, flac.fileSamples, "each file whole, nothing inserted")
      XCTAssertEqual(Set(recorder.snapshots.map(\.trackIndex)), [0, 1, 2])
      XCTAssertEqual(recorder.last?.trackIndex, 2)
    }
  }

  /// The files are read faster than the main loop hears each one start
  /// (here it is not run at all while the whole book is decoded): every
  /// file is still queued in turn, and the book plays to its end.
  func testABusyMainLoopDoesNotEndTheBookEarly() throws {
    try MainActor.assumeIsolated {
      let (flac, capture, engine, recorder) = try capturingEngine(for: "gapless-flac")
      engine.load(flac.localSources, startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .ready), "\(recorder.states)")
      engine.play()
      usleep(1_000_000)  // the main loop is busy: no STREAM_START is handled
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      XCTAssertEqual(capture.segmentLengths, flac.fileSamples, "every file, whole")
      XCTAssertEqual(recorder.last?.trackIndex, 2)
    }
  }

  /// A drag sends seeks faster than the pipeline finishes them: the last
  /// one wins, and it is reported at once and from then on, while it waits
  /// its turn.
  func testSeeksInQuickSuccessionEndAtTheLastOne() throws {
    try MainActor.assumeIsolated {
      let (_, engine, recorder) = try playingFLACPart()
      for target in [0.5, 1.0, 1.5, 2.0] { engine.seek(trackIndex: 0, position: target) }
      XCTAssertEqual(recorder.last?.position ?? 0, 2.0, accuracy: 0.001, "reported at once")
      recorder.clear()
      _ = spin(timeout: 0.5) { false }
      let earlier = recorder.snapshots.map(\.position).filter { $0 < 1.99 }
      XCTAssertEqual(earlier, [], "never an earlier seek's place while the last one waits")
      let settled = recorder.last?.position ?? 0
      XCTAssertTrue((2.0...2.6).contains(settled), "at \(settled) s after seeking to 2 s")
    }
  }

  func testSeekLandsOnTheExactSampleInALocalFile() throws {
    try MainActor.assumeIsolated {
      let (flac, capture, engine, recorder) = try capturingEngine(for: "gapless-flac")
      engine.load([flac.localSources[2]], startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .ready))
      engine.seek(trackIndex: 0, position: 2.5)
      XCTAssertTrue(spin { abs((recorder.last?.position ?? 0) - 2.5) < 0.001 })
      capture.clear()
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      // Part 3 starts at source sample 264747; 2.5 s in is 110250 further.
      let expected = Array(try flac.source()[(264_747 + 110_250)...])
      XCTAssertEqual(capture.samples.count, expected.count)
      XCTAssertNil(SignalMeasures.firstDifference(capture.samples, expected))
    }
  }

  func testDamagedFileIsAnErrorInPlainWordsAndTheEngineCarriesOn() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let damaged = FileManager.default.temporaryDirectory.appendingPathComponent("hark-damaged-\(UUID()).flac")
      let bytes = try Data(contentsOf: flac.localSources[0].uri)
      try (Data("fLaC".utf8) + Data(repeating: 0x5A, count: 4096) + bytes.suffix(2000)).write(to: damaged)
      defer { try? FileManager.default.removeItem(at: damaged) }

      let capture = OutputCapture(rate: 44100)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load([EngineSource(uri: damaged)], startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .error), "\(recorder.states)")
      let reason = try XCTUnwrap(engine.lastError)
      XCTAssertTrue(reason.contains("damaged"), reason)
      XCTAssertFalse(reason.contains("/"), "no paths or URLs: \(reason)")

      engine.load([flac.localSources[1]], startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      XCTAssertEqual(capture.samples.count, flac.fileSamples[1])
    }
  }

  func testMissingFileIsAnError() throws {
    try MainActor.assumeIsolated {
      let engine = try GStreamerEngine(audioSink: OutputCapture(rate: 44100).sink)
      let recorder = SnapshotRecorder(engine)
      engine.load([EngineSource(uri: URL(fileURLWithPath: "/nonexistent/hark.flac"))], startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .error))
      XCTAssertEqual(engine.lastError, "The audio file could not be found.")
    }
  }
}
