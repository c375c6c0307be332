import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The place the engine reports after a gapless join at 1.5× is the place
/// being heard, as at 1×. scaletempo still holds ~50 ms of the last file
/// when the next one's segment starts; that audio plays first, in the new
/// file's segment (`TempoJoinTimestamps`), so the sink's clock read the new
/// file that far ahead: 33 ms after the FLAC tone's first join, 18–43 ms
/// after its second, until the next seek. (At 1× every report but the
/// join's own reads what is heard within 0.1 ms; the join's, made as the
/// old file's last buffer starts, reads its new file's start up to one
/// buffer early, 73–77 ms here at 1×, 101–121 ms of the book at 1.5×.)
///
/// Measured on a synced appsink: at each report while playing, the sample
/// the sink plays at that moment (its clock's running time, through the
/// stamps of the buffers it rendered) is that many output samples into the
/// book, which at 1.5× is 1.5 times as many samples of the files played
/// one after the other (the output is the input ÷ 1.5, `EngineRateTests`).
final class EngineJoinPositionTests: XCTestCase {
  func testPositionsAfterEachJoinAtOnePointFiveAreWhatIsHeard() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: flac.sampleRate, sync: true)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let starts = flac.decodedSamples.reduce(into: [0]) { $0.append($0.last! + $1) }
      // Per report while playing: the file, how far the report is ahead of
      // what is heard (seconds of the book), and where in the file.
      var leads: [(index: Int, lead: Double, position: Double)] = []
      var last: EngineSnapshot?
      engine.onSnapshot = { snapshot in
        last = snapshot
        guard snapshot.state == .playing, let playing = capture.sampleIndexPlayingNow() else { return }
        let reported = Double(starts[snapshot.trackIndex]) / Double(flac.sampleRate) + snapshot.position
        let heard = playing * 1.5 / Double(flac.sampleRate)
        leads.append((snapshot.trackIndex, reported - heard, snapshot.position))
      }
      engine.setRate(1.5)
      engine.load(flac.localSources, startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(spin(timeout: 30) { capture.drain(); return last?.state == .ended }, "\(String(describing: last))")
      let summary = leads.map { String(format: "%d@%.2f:%+.1fms", $0.index, $0.position, $0.lead * 1000) }
      for index in 0..<flac.decodedSamples.count {
        // From a quarter second in: right at a join the sink's clock has not
        // reached the new file's segment yet and reads its start.
        let inFile = leads.filter { $0.index == index && $0.position >= 0.25 }.map(\.lead).sorted()
        XCTAssertFalse(inFile.isEmpty, "reports in file \(index): \(summary)")
        // The median: one report delayed under load moves a single figure.
        let median = inFile.isEmpty ? 0 : inFile[inFile.count / 2]
        // One output buffer of scaletempo (a 30 ms stride) is the finest
        // the reports can be; the held audio put them 18–43 ms ahead.
        XCTAssertEqual(median * 1000, 0, accuracy: 10, "ms ahead of what is heard in file \(index): \(summary)")
      }
    }
  }
}
