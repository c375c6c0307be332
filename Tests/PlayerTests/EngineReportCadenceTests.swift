import CGLib
import CGst
import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import Player

/// A playing engine reports its position when what a listener sees would
/// change (each whole second, each chapter mark), not on a fixed beat: a
/// report the screen does not need wakes the whole app for nothing.
final class EngineReportCadenceTests: XCTestCase {
  func testTheNextReportIsAtTheNextWholeSecondOrMark() {
    func next(_ position: Double, rate: Double = 1, marks: [Double] = []) -> Double {
      GStreamerEngine.secondsToNextReport(position: position, rate: rate, marks: marks) - GStreamerEngine.reportMargin
    }
    XCTAssertEqual(next(10.25), 0.75, accuracy: 0.001)
    XCTAssertEqual(next(10), 1, accuracy: 0.001, "a report on a second: the next second")
    XCTAssertEqual(next(10.996), 0.004, accuracy: 0.0001, "a hair short of a second: that second, not the next")
    // Seconds counted from the last chapter mark passed, and the next mark when it comes first.
    XCTAssertEqual(next(12.25, marks: [10.5, 12.6]), 0.25, accuracy: 0.001)
    XCTAssertEqual(next(12.6, marks: [10.5, 12.6]), 1, accuracy: 0.001)
    XCTAssertEqual(next(13.0, marks: [10.5, 12.6]), 0.6, accuracy: 0.001)
    // Faster: seconds of the book come sooner; slower: every second of real time.
    XCTAssertEqual(next(10.25, rate: 1.5), 0.5, accuracy: 0.001)
    XCTAssertEqual(next(10.25, rate: 0.5), 0.5, accuracy: 0.001)
    XCTAssertEqual(next(10.5, rate: 0.5), 1, accuracy: 0.001)
    XCTAssertEqual(next(.nan), 1, accuracy: 0.001)
  }

  /// Real playback into a real-time sink: about one report a second (it
  /// was four), one at once after a seek and after a pause, and one as a
  /// chapter mark is reached rather than at the next whole second.
  func testAPlayingEngineReportsOnceASecondAndAtOnceAfterASeekOrPause() throws {
    try MainActor.assumeIsolated {
      let long = try XCTUnwrap(SampleLibrary.load().book("long")).files[0]
      let library = try SampleLibrary.load()
      try GStreamerRuntime.start()
      let sink = try XCTUnwrap(gst_element_factory_make("fakesink", nil))
      hark_set_bool(sink, "sync", 1)  // real time, as the app plays
      let engine = try GStreamerEngine(audioSink: sink)
      let recorder = SnapshotRecorder(engine)
      let source = EngineSource(
        uri: URL(fileURLWithPath: library.path(long.path)), duration: long.duration, marks: [601.5, 1200])
      engine.load([source], startIndex: 0, position: 600)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
      _ = spin(timeout: 0.3) { false }  // the first buffers
      recorder.clear()

      // 3 s of playing: reports at the marks and whole seconds it passes.
      _ = spin(timeout: 3) { false }
      let playing = recorder.snapshots.filter { $0.state == .playing }
      XCTAssertLessThanOrEqual(playing.count, 5, "reports in 3 s of playing: \(playing.map(\.position))")
      XCTAssertGreaterThanOrEqual(playing.count, 2, "reports in 3 s of playing: \(playing.map(\.position))")
      XCTAssertTrue(
        playing.contains { $0.position >= 601.5 && $0.position < 602.5 },
        "the chapter mark at 601.5 was reported as it passed: \(playing.map(\.position))")

      engine.seek(trackIndex: 0, position: 900.25)
      XCTAssertEqual(recorder.last?.position ?? 0, 900.25, accuracy: 0.001, "the seek is reported at once")
      XCTAssertTrue(spin { recorder.last.map { $0.position > 900.25 && $0.state == .playing } == true })

      recorder.clear()
      engine.pause()
      XCTAssertEqual(recorder.last?.state, .paused, "the pause is reported at once")
      let pausedAt = recorder.snapshots.count
      _ = spin(timeout: 1.5) { false }
      XCTAssertEqual(
        recorder.snapshots.dropFirst(pausedAt).filter { $0.position != recorder.last?.position }.count, 0,
        "no position reports while paused")
      engine.reset()
    }
  }
}
