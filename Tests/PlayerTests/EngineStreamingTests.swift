import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Streaming from the AudioSilo test server: the bearer token goes in the
/// `Authorization` header (never the URL), gapless holds over HTTP, and a
/// seek is a Range request.
final class EngineStreamingTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testStreamsGaplesslyWithTheTokenInTheHeaderOnly() throws {
    let (server, token) = try Self.server.started()
    _ = try Curl.run(["-X", "DELETE", server.controlURL.appendingPathComponent("requests").absoluteString])
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(Curl.streamSources(flac.book, from: server, token: token), startIndex: 0, position: 0)
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertNil(SignalMeasures.firstDifference(capture.samples, try flac.source()), "bit-exact over HTTP")
      XCTAssertEqual(capture.segmentLengths, flac.fileSamples)
    }
    let requests = try Curl.streamRequests(server)
    XCTAssertGreaterThanOrEqual(requests.count, 3)
    for request in requests {
      let headers = request["headers"] as? [String: String] ?? [:]
      XCTAssertEqual(headers["Authorization"], "present")
      XCTAssertFalse((request["query"] as? String ?? "").contains(token), "no token in the URL")
      XCTAssertEqual(request["status"] as? Int, headers["Range"] == nil ? 200 : 206)
    }
  }

  func testSeekingAStreamUsesARangeRequestAndLandsExactly() throws {
    let (server, token) = try Self.server.started()
    _ = try Curl.run(["-X", "DELETE", server.controlURL.appendingPathComponent("requests").absoluteString])
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100)
      let engine = try GStreamerEngine(audioSink: capture.sink)
      let recorder = SnapshotRecorder(engine)
      engine.load([Curl.streamSources(flac.book, from: server, token: token)[2]], startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .ready), "\(recorder.states) \(engine.lastError ?? "")")
      engine.seek(trackIndex: 0, position: 4.0)
      XCTAssertTrue(spin { abs((recorder.last?.position ?? 0) - 4.0) < 0.001 && recorder.last?.state == .ready })
      capture.clear()
      engine.play()
      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states)")
      let expected = Array(try flac.source()[(264_747 + 176_400)...])
      XCTAssertEqual(capture.samples.count, expected.count)
      XCTAssertNil(SignalMeasures.firstDifference(capture.samples, expected))
    }
    let ranges = try Curl.streamRequests(server).compactMap { ($0["headers"] as? [String: String])?["Range"] }
    XCTAssertTrue(
      ranges.contains { $0.hasPrefix("bytes=") && !$0.hasPrefix("bytes=0-") }, "a seek asks for a later range: \(ranges)")
  }

  func testAWrongTokenIsAnErrorNotARetry() throws {
    let (server, _) = try Self.server.started()
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let engine = try GStreamerEngine(audioSink: OutputCapture(rate: 44100).sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(Curl.streamSources(flac.book, from: server, token: "not-a-token"), startIndex: 0, position: 0)
      XCTAssertTrue(recorder.wait(for: .error), "\(recorder.states)")
      XCTAssertEqual(engine.lastError, "The server refused to play this book. Try signing in again.")
    }
  }
}
