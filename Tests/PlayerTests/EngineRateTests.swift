import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Speed with pitch kept, also across gapless file boundaries (on 1.22 the
/// segment rate resets to 1 at each switch; `SegmentRateKeeper` keeps it).
final class EngineRateTests: XCTestCase {
  func testRateOnePointFiveKeepsPitchAndStaysGaplessAcrossBoundaries() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.setRate(1.5)
      engine.load(flac.localSources, startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      XCTAssertEqual(recorder.last?.rate, 1.5)
      XCTAssertEqual(Set(recorder.snapshots.map(\.trackIndex)), [0, 1, 2])

      // Every file played at 1.5x: 2/3 of its samples, no flush in between.
      XCTAssertEqual(capture.segmentLengths.count, 3, "one segment per file, no flushing seeks")
      for (played, original) in zip(capture.segmentLengths, flac.fileSamples) {
        XCTAssertEqual(Double(played), Double(original) / 1.5, accuracy: Double(original) * 0.01)
      }
      let samples = capture.samples
      let ownStep = SignalMeasures.largestStep(samples, in: 4410..<8820)
      var boundary = 0
      for length in capture.segmentLengths.dropLast() {
        boundary += length
        let window = (boundary - 2205)..<(boundary + 2205)
        let frequency = SignalMeasures.dominantFrequency(samples, rate: 44100, in: window)
        XCTAssertEqual(frequency, 440, accuracy: 440 * 0.02, "pitch kept at the boundary \(boundary)")
        XCTAssertLessThanOrEqual(
          SignalMeasures.largestStep(samples, in: window), ownStep * 5 / 4, "no click at \(boundary)")
      }
      let middle = SignalMeasures.dominantFrequency(samples, rate: 44100, in: 44100..<88200)
      XCTAssertEqual(middle, 440, accuracy: 440 * 0.02)
    }
  }
}
