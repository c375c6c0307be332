import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Transcoded streams (`EngineSource.isTranscoded`) from the test server,
/// whose `transcode=1&t=<s>` runs ffmpeg: no Range and no length, so the
/// engine opens at a position and seeks by asking for a new `t`, and
/// reports positions as t + the stream's own time.
final class EngineTranscodeTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  private static func transcoded(_ server: TestServer, token: String, path: String, duration: Double) -> EngineSource {
    var components = URLComponents(url: Curl.streamURL(server, path: path), resolvingAgainstBaseURL: false)!
    components.queryItems! += [URLQueryItem(name: "transcode", value: "1"), URLQueryItem(name: "t", value: "0")]
    return EngineSource(
      uri: components.url!, headers: ["Authorization": "Bearer \(token)"], duration: duration, isTranscoded: true)
  }

  /// The `t` of every transcoded stream request the server saw, in order.
  private static func requestedStarts(_ server: TestServer) throws -> [String] {
    try Curl.streamRequests(server).compactMap { request -> String? in
      let params = request["params"] as? [String: String] ?? [:]
      guard params["transcode"] == "1" else { return nil }
      XCTAssertEqual((request["headers"] as? [String: String])?["Authorization"], "present")
      return params["t"]
    }
  }

  func testOpensAtAPositionAndSeeksByReopeningFromANewSecond() throws {
    let (server, token) = try Self.server.started()
    _ = try Curl.run(["-X", "DELETE", server.controlURL.appendingPathComponent("requests").absoluteString])
    let library = try SampleLibrary.load()
    let long = try XCTUnwrap(library.book("long")).files[0]
    try MainActor.assumeIsolated {
      let capture = OutputCapture(rate: 22050, sync: true)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load([Self.transcoded(server, token: token, path: long.path, duration: long.duration)], startIndex: 0, position: 30)
      XCTAssertTrue(recorder.wait(for: .ready, timeout: 20), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertEqual(recorder.last?.position ?? 0, 30, accuracy: 0.01, "t, not the stream's 0")
      XCTAssertEqual(recorder.last?.duration, long.duration, "the source's duration, not the stream's")

      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing, timeout: 20), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertTrue(spin(timeout: 20) { capture.drain(); return (recorder.last?.position ?? 0) > 30.5 }, "advances")
      XCTAssertLessThan(recorder.last?.position ?? 0, 40)
      XCTAssertGreaterThan(capture.samples.map { abs(Int($0)) }.max() ?? 0, 1000, "and it is sound, not silence")

      engine.seek(trackIndex: 0, position: 60)
      XCTAssertEqual(recorder.last?.position ?? 0, 60, accuracy: 0.01)
      XCTAssertTrue(spin(timeout: 20) { capture.drain(); return recorder.last?.state == .playing && (recorder.last?.position ?? 0) > 60.5 })
      XCTAssertLessThan(recorder.last?.position ?? 0, 70, "from 60, not from 0 or from 30")
      XCTAssertEqual(recorder.last?.duration, long.duration)
      engine.reset()
    }
    XCTAssertEqual(try Self.requestedStarts(server), ["30", "60"])
  }

  /// Gapless into and out of a transcoded file is best effort: the server's
  /// ffmpeg writes MP3 without a LAME gapless tag, so its encoder delay and
  /// padding stay in. This checks the book plays through every file in
  /// order and prints what each file gained or lost.
  func testPlaysThroughIntoAndOutOfATranscodedFile() throws {
    let (server, token) = try Self.server.started()
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      var sources = flac.localSources
      sources[1] = Self.transcoded(server, token: token, path: flac.book.files[1].path, duration: flac.book.files[1].duration)
      let capture = OutputCapture(rate: 44100)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(sources, startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder, timeout: 60), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertEqual(recorder.snapshots.map(\.trackIndex).reduce(into: []) { if $0.last != $1 { $0.append($1) } }, [0, 1, 2])
      XCTAssertEqual(capture.segmentLengths.count, 3, "one segment per file: no flush at the joins")
      let differences = zip(capture.segmentLengths, flac.fileSamples).map { $0 - $1 }
      print("transcoded gapless: samples gained (+) / lost (-) per file \(differences)")
      for difference in differences {
        XCTAssertLessThan(abs(difference), 4410, "within 0.1 s per file")
      }
    }
  }
}
