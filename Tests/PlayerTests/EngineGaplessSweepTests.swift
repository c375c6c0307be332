import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Gapless across the files listeners have: a 64-second sweep cut into
/// three parts by each tool audiobooks are made with, played through the
/// engine from disk and from the server, held to ffmpeg decoding the same
/// files (the control): every part exactly as long as ffmpeg makes it, and
/// the whole book the same samples as ffmpeg's concatenation, within its
/// decoder's rounding. A sample inserted or lost anywhere shifts the sweep
/// and fails the comparison from there on.
///
/// ffmpeg's MP3s name their gapless tag "Lavf"/"Lavc"; before
/// `LAMETagPatch`, GStreamer played each one's priming and padding:
/// +2,257/+1,242/+2,253 samples per part (51/28/51 ms of silence).
///
/// AAC whose only gapless data is an iTunSMPB comment (no edit list):
/// before `AACTrimProbe`, GStreamer played each part's 1024 priming
/// samples, +1024 per part, and the sweep shifted by them.
///
/// Vorbis streamed from the server: before `VorbisEndTrimProbe`, each
/// part's end padding played (+153/+666/+909 samples): pushed a stream,
/// oggdemux 1.22 sends the decoder a segment without a stop, and vorbisdec
/// decodes the last packet whole. From disk it was already exact.
///
/// Opus has no sweep set; the sine set guards it from disk and over HTTP
/// (opusdec trims the last packet itself, pushed or pulled).
///
/// Streamed Ogg: oggdemux 1.22, pushed a seekable stream, seeks to the
/// file's end and back for its length, and pushes some of the end to the
/// decoder before its seek back's flush. That flush reached the sink after
/// the last file ended (the Vorbis test failed 2 runs in 10 under load with
/// the next part's running time reset to 0), and opusdec, which keeps its
/// state across a flush, decoded a part's start on top of its end's (Opus
/// over HTTP failed 3 runs in 20 under 4 busy loops: off ffmpeg by 4 or
/// more, the third part's running time reset to 0). `OggLengthAnswer` now
/// tells oggdemux that a stream played from its start cannot be seeked in
/// by bytes, so it reads each file once, straight through: 20 runs in 20
/// under 4 busy loops.
final class EngineGaplessSweepTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testMP3FromFFmpegCBRFromDisk() throws { try fromDisk("gapless-sweep-mp3-ffmpeg-cbr") }
  func testMP3FromFFmpegCBROverHTTP() throws { try overHTTP("gapless-sweep-mp3-ffmpeg-cbr") }
  func testMP3FromFFmpegVBRFromDisk() throws { try fromDisk("gapless-sweep-mp3-ffmpeg-vbr") }
  func testMP3FromFFmpegVBROverHTTP() throws { try overHTTP("gapless-sweep-mp3-ffmpeg-vbr") }
  func testMP3FromLameCBRFromDisk() throws { try fromDisk("gapless-sweep-mp3-lame-cbr") }
  func testMP3FromLameVBROverHTTP() throws { try overHTTP("gapless-sweep-mp3-lame-vbr") }
  func testVorbisFromDisk() throws { try fromDisk("gapless-sweep-vorbis") }
  func testVorbisOverHTTP() throws { try overHTTP("gapless-sweep-vorbis") }
  func testOpusFromDisk() throws { try fromDisk("gapless-opus") }
  func testOpusOverHTTP() throws { try overHTTP("gapless-opus") }
  func testAACWithOnlyITunSMPBFromDisk() throws { try fromDisk("gapless-sweep-aac-itunsmpb") }
  func testAACWithOnlyITunSMPBOverHTTP() throws { try overHTTP("gapless-sweep-aac-itunsmpb") }

  /// Each streamed Ogg file is asked for once, from its start, and read
  /// through: oggdemux no longer seeks to its end and back (which took two
  /// more requests per file, with a Range).
  func testStreamedOpusIsReadOnceFromItsStart() throws {
    let (server, token) = try Self.server.started()
    _ = try Curl.run(["-X", "DELETE", server.controlURL.appendingPathComponent("requests").absoluteString])
    try MainActor.assumeIsolated {
      let book = try GaplessBook("gapless-opus", in: SampleLibrary.load())
      let capture = OutputCapture(rate: book.sampleRate)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(Curl.streamSources(book.book, from: server, token: token), startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
    }
    let requests = try Curl.streamRequests(server)
    let ranges = requests.map { ($0["headers"] as? [String: String])?["Range"] ?? "none" }
    XCTAssertEqual(ranges, ["none", "none", "none"], "one request per file, none for a range")
  }

  private func fromDisk(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try MainActor.assumeIsolated {
      let book = try GaplessBook(id, in: SampleLibrary.load())
      try Self.assertPlaysLikeFFmpeg(book, from: book.localSources, file: file, line: line)
    }
  }

  private func overHTTP(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let (server, token) = try Self.server.started()
    try MainActor.assumeIsolated {
      let book = try GaplessBook(id, in: SampleLibrary.load())
      try Self.assertPlaysLikeFFmpeg(
        book, from: Curl.streamSources(book.book, from: server, token: token), file: file, line: line)
    }
  }

  @MainActor
  private static func assertPlaysLikeFFmpeg(
    _ book: GaplessBook, from sources: [EngineSource], file: StaticString, line: UInt
  ) throws {
    let capture = OutputCapture(rate: book.sampleRate)
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.load(sources, startIndex: 0, position: 0)
    engine.play()
    XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")", file: file, line: line)
    XCTAssertEqual(capture.segmentLengths, book.decodedSamples, "samples per part", file: file, line: line)
    // Timestamps as continuous as the samples: a real-time sink plays a
    // jump in running time between parts as silence.
    XCTAssertEqual(
      capture.segmentGaps, Array(repeating: 0, count: max(0, book.decodedSamples.count - 1)),
      "running-time gaps between parts, in samples", file: file, line: line)
    // …and written on after the last part's last sample, not resynced to
    // a running time between two samples (one sample early now and then).
    XCTAssertEqual(capture.discontinuities, 0, "parts that come DISCONT", file: file, line: line)
    XCTAssertEqual(capture.misjoined, 0, "parts written on off the timeline", file: file, line: line)
    // Each file as ffmpeg decodes it, up to the length the file states
    // (ffmpeg 5.1 trims an AAC file's priming but plays its end padding).
    let control = try zip(book.book.files, book.decodedSamples).flatMap {
      try FixtureHelpers.decodedByFFmpeg(book.library.path($0.path)).prefix($1)
    }
    XCTAssertEqual(capture.samples.count, control.count, file: file, line: line)
    let difference = zip(capture.samples, control).map { abs(Int($0) - Int($1)) }.max() ?? 0
    // mpg123 and ffmpeg round the last bit differently; a shift by one
    // sample anywhere differs by hundreds.
    XCTAssertLessThanOrEqual(difference, 2, "largest difference from ffmpeg's decoding", file: file, line: line)
  }
}
