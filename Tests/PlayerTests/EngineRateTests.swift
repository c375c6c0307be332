import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Speed with pitch kept, also across gapless file boundaries (on 1.22 the
/// segment rate resets to 1 at each switch; `SegmentRateKeeper` keeps it).
final class EngineRateTests: XCTestCase {
  func testRateOnePointFiveKeepsPitchAndStaysGaplessAcrossBoundaries() throws {
    try MainActor.assumeIsolated {
      let (flac, capture, engine, recorder) = try capturingEngine(for: "gapless-flac")
      engine.setRate(1.5)
      engine.load(flac.localSources, startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      XCTAssertEqual(recorder.last?.rate, 1.5)
      XCTAssertEqual(Set(recorder.snapshots.map(\.trackIndex)), [0, 1, 2])

      // Every file played at 1.5x: 2/3 of its samples, no flush in between.
      XCTAssertEqual(capture.segmentLengths.count, 3, "one segment per file, no flushing seeks")
      // A real-time sink plays a jump forward in running time as silence.
      XCTAssertEqual(capture.segmentGaps, [0, 0], "running-time gaps between files, in output samples")
      XCTAssertEqual(capture.discontinuities, 0, "files that come DISCONT (a real sink resyncs to them)")
      // And none within a file: the first file's clamped stamps once put
      // a real sink's place ahead, and the next file was written over it.
      XCTAssertEqual(capture.stampOverlap, 0, "output samples whose stamps overlap, within files")
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

      // The book's last samples play at 1.5x too: scaletempo held up to
      // ~50 ms of input at EOS and never gave it out (`TempoEndDrain`). The
      // output is the input ÷ 1.5, and its end is the tone, not silence.
      let owed = Double(flac.fileSamples.reduce(0, +)) / 1.5
      XCTAssertEqual(Double(samples.count), owed, accuracy: 2, "output samples against the input ÷ 1.5")
      let end = (samples.count - 441)..<samples.count
      XCTAssertLessThan(SignalMeasures.longestQuietRun(samples, in: end, below: 100), 10, "the last 10 ms are the tone")
      XCTAssertLessThanOrEqual(SignalMeasures.largestStep(samples, in: end), ownStep * 5 / 4, "no click at the end")
    }
  }

  /// 1.5x -> 2x while playing: a new segment, no flush, no pop.
  func testChangingRateBetweenSpeedsWhilePlayingNeedsNoFlush() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100, sync: true)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.setRate(1.5)
      engine.load([flac.localSources[2]], startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing))
      _ = spin(timeout: 0.5) { capture.drain(); return false }
      engine.setRate(2.0)
      XCTAssertEqual(recorder.last?.rate, 2.0)
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      XCTAssertEqual(capture.segmentGaps, [0], "running-time gap at the change, in output samples")
      // The whole 5.997 s of audio: the first segment at 1.5x, the rest at
      // 2x. Where the change lands depends on the clock (how much playsink
      // has taken in by then); the file's samples do not. (Counting from a
      // change assumed at 0.5 s of output, its late runs came within 147
      // samples of the tolerance, and over it once the end was drained.)
      let lengths = capture.segmentLengths
      XCTAssertEqual(lengths.count, 2, "\(lengths)")
      let input = Double(lengths.first ?? 0) * 1.5 + Double(lengths.last ?? 0) * 2
      // Within scaletempo's queue (~50 ms) taken at one speed, played at the other.
      XCTAssertEqual(input, Double(flac.fileSamples[2]), accuracy: 0.05 * 44100, "input samples played: \(lengths)")
      XCTAssertGreaterThan(Double(lengths.first ?? 0), 0.3 * 44100, "some of it at 1.5x")
      let ownStep = SignalMeasures.largestStep(capture.samples, in: 4410..<8820)
      XCTAssertLessThanOrEqual(
        SignalMeasures.largestStep(capture.samples, in: 0..<capture.samples.count), ownStep * 5 / 4, "no pop anywhere")
    }
  }

  /// 1x -> 1.25x -> 1x while playing. At exactly 1 scaletempo is in
  /// passthrough; switching it on or off mid-stream used to jump in the
  /// output (its queue of ~50 ms is dropped or replayed): a click.
  func testChangingRateToAndFromOneWhilePlayingDoesNotClick() throws {
    try MainActor.assumeIsolated {
      let (capture, engine, recorder) = try playingFLACPart()
      for rate in [1.25, 1.0, 1.25, 1.0] {
        _ = spin(timeout: 0.8) { capture.drain(); return false }
        engine.setRate(rate)
      }
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      let samples = capture.samples
      let ownStep = SignalMeasures.largestStep(samples, in: 4410..<8820)
      // Each change starts a segment at the sink (no flush): the file's, then four.
      XCTAssertEqual(capture.segmentLengths.count, 5, "\(capture.segmentLengths)")
      var boundary = 0
      for (index, length) in capture.segmentLengths.dropLast().enumerated() {
        boundary += length
        // The fade-out comes before the new segment, the fade-in after it.
        let window = (boundary - 13230)..<(boundary + 13230)
        let step = SignalMeasures.largestStep(samples, in: window)
        let quiet = SignalMeasures.longestQuietRun(samples, in: window, below: 100)
        print("rate change \(index + 1): largest step \(step) (own \(ownStep)), quiet run \(quiet) samples")
        XCTAssertLessThanOrEqual(step, ownStep * 5 / 4, "click at rate change \(index + 1)")
        // A dip, not a gap: well under 0.1 s.
        XCTAssertLessThan(quiet, 4410, "rate change \(index + 1)")
        let after = SignalMeasures.dominantFrequency(samples, rate: 44100, in: (boundary + 4410)..<(boundary + 17640))
        XCTAssertEqual(after, 440, accuracy: 440 * 0.02, "pitch after rate change \(index + 1)")
      }
    }
  }
}
