import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Resuming a streamed Ogg book partway into a small file: the rest of that
/// file plays. Before `OggLengthAnswer`, oggdemux took the last page it had
/// happened to read for the 40 KB part's end (2.04 s of 21.3), the seek to
/// 10 s landed at the end, and the next part started at once (3 runs in 4).
///
/// And it plays from the listener's place: oggdemux 1.22 bisects a pushed
/// stream to a page and starts there (5.12 s for 10 s here); before
/// `SeekLandingClip` the 4.9 s before the place played again.
final class EngineOggResumeTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testResumingPartwayIntoAStreamedVorbisPartPlaysTheRestOfIt() throws {
    let (server, token) = try Self.server.started()
    try MainActor.assumeIsolated {
      let book = try GaplessBook("gapless-sweep-vorbis", in: SampleLibrary.load())
      let capture = OutputCapture(rate: book.sampleRate)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(Curl.streamSources(book.book, from: server, token: token), startIndex: 1, position: 10)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      let rest = book.decodedSamples[1] - 10 * book.sampleRate
      XCTAssertEqual(capture.segmentLengths.count, 2, "the rest of part 2, then part 3: \(capture.segmentLengths)")
      XCTAssertEqual(capture.segmentLengths.first, rest, "part 2 from 10 s to its end")
      XCTAssertEqual(capture.segmentLengths.last, book.decodedSamples[2])
      // The very samples from 10 s on, as ffmpeg decodes them.
      let control = try FixtureHelpers.decodedByFFmpeg(book.library.path(book.book.files[1].path))
        .prefix(book.decodedSamples[1]).dropFirst(10 * book.sampleRate)
      let difference = zip(capture.samples, control).map { abs(Int($0) - Int($1)) }.max() ?? .max
      XCTAssertLessThanOrEqual(difference, 2, "largest difference from ffmpeg's decoding from 10 s")
    }
  }
}
