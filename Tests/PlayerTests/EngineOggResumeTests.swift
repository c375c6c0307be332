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
///
/// Seeking in such a part opened from its start: oggdemux's own look at the
/// end had measured it at 2.04 s (the same race) or 20.43 s (it stops a
/// byte short of the last page), the seek to 10 s landed at its end, and
/// part 3 played from 10 s (7 runs in 10, 5 of them under 4 busy loops).
/// The engine now seeks in a streamed Ogg file by opening it there.
final class EngineOggResumeTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testResumingPartwayIntoAStreamedVorbisPartPlaysTheRestOfIt() throws {
    try MainActor.assumeIsolated {
      let (book, capture, engine, recorder) = try Self.streamedVorbisSweep(openingPart2At: 10)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      let rest = book.decodedSamples[1] - 10 * book.sampleRate
      XCTAssertEqual(capture.segmentLengths.count, 2, "the rest of part 2, then part 3: \(capture.segmentLengths)")
      XCTAssertEqual(capture.segmentLengths.first, rest, "part 2 from 10 s to its end")
      XCTAssertEqual(capture.segmentLengths.last, book.decodedSamples[2])
      // The very samples from 10 s on, as ffmpeg decodes them.
      XCTAssertLessThanOrEqual(
        try Self.differenceFromFFmpeg(book, capture), 2, "largest difference from ffmpeg's decoding from 10 s")
    }
  }

  /// The listener plays a small streamed Vorbis part from its start and
  /// then moves to 10 s: the rest of that part plays, from exactly there.
  func testSeekingInsideAStreamedVorbisPartOpenedFromItsStartPlaysTheRestOfIt() throws {
    try MainActor.assumeIsolated {
      let (book, capture, engine, recorder) = try Self.streamedVorbisSweep(openingPart2At: 0)
      XCTAssertTrue(recorder.wait(for: .ready), "\(recorder.states) \(engine.lastError ?? "")")
      capture.clear()
      engine.seek(trackIndex: 1, position: 10)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      let rest = book.decodedSamples[1] - 10 * book.sampleRate
      XCTAssertEqual(capture.segmentLengths, [rest, book.decodedSamples[2]], "part 2 from 10 s to its end, then part 3")
      XCTAssertLessThanOrEqual(
        try Self.differenceFromFFmpeg(book, capture), 2, "largest difference from ffmpeg's decoding from 10 s")
    }
  }

  /// The Vorbis sweep streamed from the test server, opened in part 2 at
  /// `position`, its output captured.
  @MainActor
  private static func streamedVorbisSweep(openingPart2At position: Double) throws
    -> (GaplessBook, OutputCapture, GStreamerEngine, SnapshotRecorder)
  {
    let (server, token) = try Self.server.started()
    let book = try GaplessBook("gapless-sweep-vorbis", in: SampleLibrary.load())
    let capture = OutputCapture(rate: book.sampleRate)
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.load(Curl.streamSources(book.book, from: server, token: token), startIndex: 1, position: position)
    return (book, capture, engine, recorder)
  }

  /// The largest difference between what played and ffmpeg's decoding of
  /// part 2 from 10 s on.
  private static func differenceFromFFmpeg(_ book: GaplessBook, _ capture: OutputCapture) throws -> Int {
    let control = try FixtureHelpers.decodedByFFmpeg(book.library.path(book.book.files[1].path))
      .prefix(book.decodedSamples[1]).dropFirst(10 * book.sampleRate)
    return zip(capture.samples, control).map { abs(Int($0) - Int($1)) }.max() ?? .max
  }
}
