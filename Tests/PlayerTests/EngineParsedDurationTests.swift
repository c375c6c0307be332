import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The length the engine reports for a parsed file is what it plays, not
/// the server's figure (which for an ffmpeg MP3 counts the encoder's delay
/// and padding); the session lays the timeline out with it
/// (`BookQueue.adoptEngineDuration`).
final class EngineParsedDurationTests: XCTestCase {
  func testAnFFmpegMP3ReportsTheLengthItPlays() throws {
    try MainActor.assumeIsolated {
      let book = try GaplessBook("gapless-sweep-mp3-ffmpeg-cbr", in: SampleLibrary.load())
      let capture = OutputCapture(rate: book.sampleRate)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(book.localSources, startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .ready))
      let played = Double(book.decodedSamples[0]) / Double(book.sampleRate)
      let server = try XCTUnwrap(book.book.files.first?.duration)
      XCTAssertGreaterThan(server - played, 0.04, "the fixture's server figure counts delay and padding")
      XCTAssertEqual(engine.snapshot.duration, played, accuracy: 0.002, "server: \(server)")
    }
  }
}
