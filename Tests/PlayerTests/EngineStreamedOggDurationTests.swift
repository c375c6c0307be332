import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// A streamed Ogg file is read once, from its start (`OggLengthAnswer`), so
/// oggdemux never measures it. Its length in the pipeline is then the
/// decoder's guess from the bytes so far, and the engine reported that
/// guess: 4.04, 4.01 and 4.12 s for the Vorbis sweep's 21.0, 21.3 and 21.7 s
/// parts, and at the end of the book it reported the place 4.12 s into the
/// last part, 17.5 s short of its end (the session saves the place it is
/// told). Opus was reported right while playing (opusdec makes no guess)
/// but ended at the server's 6.003 s for 5.997 s of audio. The server's
/// figure is reported instead, from the first report on, and at the end
/// where the audio really ended.
final class EngineStreamedOggDurationTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testAStreamedVorbisBookReportsTheServersDurations() throws {
    try assertReportsServerDurations("gapless-sweep-vorbis")
  }

  func testAStreamedOpusBookReportsTheServersDurations() throws {
    try assertReportsServerDurations("gapless-opus")
  }

  private func assertReportsServerDurations(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let (server, token) = try Self.server.started()
    try MainActor.assumeIsolated {
      let book = try GaplessBook(id, in: SampleLibrary.load())
      let capture = OutputCapture(rate: book.sampleRate)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(Curl.streamSources(book.book, from: server, token: token), startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")", file: file, line: line)
      let server = book.book.files.map(\.duration)
      let playing = recorder.snapshots.filter { $0.state != .idle && $0.state != .ended }
      XCTAssertEqual(Set(playing.map(\.trackIndex)), Set(server.indices), file: file, line: line)
      let differing = playing.filter { abs($0.duration - server[$0.trackIndex]) > 0.000_5 }
      XCTAssertEqual(
        differing.map { "\($0.state) \($0.trackIndex) \($0.position): \($0.duration)" }, [],
        "reports whose duration is not the server's (\(server))", file: file, line: line)
      // Ended: the last part's length and place are where its audio ended.
      let end = Double(book.decodedSamples.last ?? 0) / Double(book.sampleRate)
      let ended = try XCTUnwrap(recorder.last, file: file, line: line)
      XCTAssertEqual(ended.state, .ended, file: file, line: line)
      XCTAssertEqual(ended.trackIndex, server.count - 1, file: file, line: line)
      XCTAssertEqual(ended.position, end, accuracy: 0.001, "the place at the end", file: file, line: line)
      XCTAssertEqual(ended.duration, end, accuracy: 0.001, "the last part's length at the end", file: file, line: line)
    }
  }
}
