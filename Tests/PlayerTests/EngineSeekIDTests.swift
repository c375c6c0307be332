import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The engine names the seek it has finished (`EngineSnapshot.seekID`):
/// the first report carrying a seek's id is at the seek's target, and no
/// report from then on goes back to where the engine was before. This is
/// what lets the session hold a seek's target on screen until then and no
/// longer (issue 14).
final class EngineSeekIDTests: XCTestCase {
  func testASeeksIdArrivesWithThePositionAtItsTarget() throws {
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100, sync: true)  // real time, like a sound card
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)

      engine.load(flac.localSources, startIndex: 0, position: 0.5, seekID: SeekID(1))
      XCTAssertTrue(recorder.wait(for: .ready), "\(recorder.states)")
      Self.assertFinished(SeekID(1), at: 0.5, track: 0, in: recorder.snapshots)
      engine.play()
      XCTAssertTrue(spin(timeout: 3) { (recorder.last?.position ?? 0) > 0.8 }, "playing from 0.5 s")

      // Within the playing file, back to where it had been.
      recorder.clear()
      engine.seek(trackIndex: 0, position: 0.25, seekID: SeekID(2))
      XCTAssertTrue(spin { recorder.last?.seekID == SeekID(2) }, "\(recorder.snapshots)")
      XCTAssertTrue(spin(timeout: 3) { (recorder.last?.position ?? 0) > 0.6 }, "playing on from 0.25 s")
      Self.assertFinished(SeekID(2), at: 0.25, track: 0, in: recorder.snapshots)
      XCTAssertEqual(recorder.states, [.playing], "a seek while playing is no pause")

      // Two in quick succession: the first one's id is never echoed with a
      // place short of the second's.
      recorder.clear()
      engine.seek(trackIndex: 0, position: 1.0, seekID: SeekID(3))
      engine.seek(trackIndex: 0, position: 2.0, seekID: SeekID(4))
      XCTAssertTrue(spin { recorder.last?.seekID == SeekID(4) }, "\(recorder.snapshots)")
      XCTAssertEqual(recorder.snapshots.filter { $0.seekID == SeekID(3) }, [], "the second stands for both")
      Self.assertFinished(SeekID(4), at: 2.0, track: 0, in: recorder.snapshots, underWayAt: [1.0, 2.0])
      XCTAssertEqual(recorder.states, [.playing], "a seek while playing is no pause")

      // Into another file, which is opened there.
      recorder.clear()
      engine.seek(trackIndex: 2, position: 1.5, seekID: SeekID(5))
      XCTAssertTrue(spin { recorder.last?.seekID == SeekID(5) }, "\(recorder.snapshots)")
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states)")
      Self.assertFinished(SeekID(5), at: 1.5, track: 2, in: recorder.snapshots)
    }
  }

  /// The first report with `id` is at `position` of `track`; the reports
  /// before it (what the engine says while it gets there) are at a target
  /// asked for (`underWayAt`, by default `position`), never the place it
  /// left; after it, the place only moves on.
  @MainActor private static func assertFinished(
    _ id: SeekID, at position: Double, track: Int, in snapshots: [EngineSnapshot],
    underWayAt targets: [Double]? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let first = snapshots.firstIndex(where: { $0.seekID >= id }) else {
      return XCTFail("\(id) never reported: \(snapshots)", file: file, line: line)
    }
    XCTAssertEqual(snapshots[first].seekID, id, file: file, line: line)
    XCTAssertEqual(snapshots[first].trackIndex, track, file: file, line: line)
    XCTAssertEqual(snapshots[first].position, position, accuracy: 0.05, "\(snapshots)", file: file, line: line)
    for before in snapshots[..<first] where before.trackIndex == track {
      XCTAssertTrue(
        (targets ?? [position]).contains { abs(before.position - $0) < 0.001 }, "while under way: \(snapshots)",
        file: file, line: line)
    }
    var last = snapshots[first].position
    for after in snapshots[first...] {
      XCTAssertEqual(after.trackIndex, track, file: file, line: line)
      XCTAssertGreaterThanOrEqual(after.position, last - 0.001, "never back: \(snapshots)", file: file, line: line)
      last = after.position
    }
  }
}
