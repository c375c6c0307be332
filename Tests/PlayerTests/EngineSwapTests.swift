import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// Swapping a streaming book onto its downloaded copy: nothing is heard,
/// and from then on the book needs no server.
final class EngineSwapTests: XCTestCase {
  /// The playing file plays on from the stream and the next one comes from
  /// the copy: the output is the tone, bit for bit, through the boundary,
  /// although the server is gone right after the swap.
  func testAPlayingStreamMovesOntoTheCopyWithoutAGap() throws {
    let server = try TestServer.start(library: SampleLibrary.load())
    defer { server.stop() }
    let token = try Curl.login(server)
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100, sync: true)
      let (engine, recorder) = try Self.streaming(flac, from: server, token: token, into: capture, at: 1)
      var missing = flac.localSources
      missing[1].uri = URL(fileURLWithPath: "/nonexistent/02.flac")
      XCTAssertNil(Self.swapChecked(engine, missing), "a missing file: refused at once")
      XCTAssertEqual(Self.swapChecked(engine, flac.localSources), true)
      let asked = try Curl.streamRequests(server).compactMap { ($0["params"] as? [String: String])?["path"] }
      XCTAssertFalse(asked.contains(flac.book.files[2].path), "the next file was not asked for yet: \(asked)")
      recorder.clear()
      server.stop()

      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertEqual(recorder.states, [.playing, .ended], "no reopening, no error")
      XCTAssertEqual(Set(recorder.snapshots.map(\.trackIndex)), [1, 2])
      let expected = Array(try flac.source()[flac.fileSamples[0]...])
      XCTAssertEqual(capture.samples.count, expected.count)
      XCTAssertNil(SignalMeasures.firstDifference(capture.samples, expected), "bit-exact through the swap")
    }
  }

  /// A pause is silent, so the paused file moves onto the copy then, at its
  /// place: playing on and skipping far ahead in an hour-long file (far
  /// past what the stream had buffered) need no server.
  func testAPausedStreamGoesOnFromTheCopy() throws {
    let server = try TestServer.start(library: SampleLibrary.load())
    defer { server.stop() }
    let token = try Curl.login(server)
    try MainActor.assumeIsolated {
      let library = try SampleLibrary.load()
      let file = try XCTUnwrap(library.book("long")?.files.first)
      let engine = try GStreamerEngine(audioSink: OutputCapture(rate: 44100, sync: true).sink)
      let recorder = SnapshotRecorder(engine)
      let stream = EngineSource(
        uri: Curl.streamURL(server, path: file.path), headers: ["Authorization": "Bearer \(token)"])
      engine.load([stream], startIndex: 0, position: 60)
      let started = Date()
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertEqual(Self.swapChecked(engine, [EngineSource(uri: URL(fileURLWithPath: library.path(file.path)))]), true)
      _ = spin(timeout: 0.5) { false }
      engine.pause()
      XCTAssertTrue(recorder.wait(for: .paused), "\(recorder.states)")
      // It played on (a real-time sink: at most as long as the test took,
      // however busy the machine is) and stopped there.
      let pausedAt = try XCTUnwrap(recorder.last?.position)
      XCTAssertGreaterThan(pausedAt, 60.1)
      XCTAssertLessThanOrEqual(pausedAt, 60 + Date().timeIntervalSince(started) + 0.1)
      server.stop()

      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertEqual(recorder.last?.position ?? 0, pausedAt, accuracy: 0.1, "on from where it paused")
      engine.seek(trackIndex: 0, position: 1800)
      XCTAssertTrue(
        spin { (recorder.last?.position ?? 0) > 1800.2 && recorder.last?.state == .playing },
        "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertNil(engine.lastError)
    }
  }

  /// A copy in which GStreamer finds no audio is refused once it has been
  /// read (off the main loop), and the book plays on from the server.
  func testACopyWithoutAudioIsRefusedAndTheStreamPlaysOn() throws {
    let server = try TestServer.start(library: SampleLibrary.load())
    defer { server.stop() }
    let token = try Curl.login(server)
    let junk = FileManager.default.temporaryDirectory.appendingPathComponent("hark-not-audio-\(UUID()).flac")
    try Data(repeating: 0x41, count: 4096).write(to: junk)
    defer { try? FileManager.default.removeItem(at: junk) }
    try MainActor.assumeIsolated {
      let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
      let capture = OutputCapture(rate: 44100, sync: true)
      let (engine, recorder) = try Self.streaming(flac, from: server, token: token, into: capture, at: 0)
      var copies = flac.localSources
      copies[0].uri = junk
      XCTAssertEqual(Self.swapChecked(engine, copies), false)

      XCTAssertTrue(capture.playToEnd(recorder), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertNil(engine.lastError)
      let asked = try Curl.streamRequests(server).compactMap { ($0["params"] as? [String: String])?["path"] }
      XCTAssertTrue(asked.contains(flac.book.files[2].path), "the later files still came from the server: \(asked)")
    }
  }

  /// `swapSources`' answer: nil when refused at once, else the answer of
  /// the check, which comes after the call (the copy is read off the main
  /// loop).
  @MainActor
  private static func swapChecked(_ engine: GStreamerEngine, _ sources: [EngineSource]) -> Bool? {
    var checked: Bool?
    engine.swapSources(sources) { checked = $0 }
    if let atOnce = checked {
      XCTAssertFalse(atOnce, "accepted before the copy was read")
      return nil
    }
    XCTAssertTrue(spin { checked != nil }, "the check answered")
    return checked
  }

  /// The FLAC book streaming from the start of file `index`, playing.
  @MainActor
  private static func streaming(
    _ book: GaplessBook, from server: TestServer, token: String, into capture: OutputCapture, at index: Int
  ) throws -> (GStreamerEngine, SnapshotRecorder) {
    let engine = try GStreamerEngine(audioSink: capture.sink)
    let recorder = SnapshotRecorder(engine)
    engine.load(Curl.streamSources(book.book, from: server, token: token), startIndex: index, position: 0)
    engine.play()
    XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
    return (engine, recorder)
  }
}
