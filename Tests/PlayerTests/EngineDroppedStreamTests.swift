import CGst
import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The connection drops while the next file of a streamed book is fetched
/// for the gapless switch, and the server is gone from then on.
final class EngineDroppedStreamTests: XCTestCase {
  /// The engine reports an error (§6: reported, never retried inside the
  /// engine) and can play again once the server is back. Stopping playbin
  /// here used to hang the main thread for good (see
  /// `PlaybinPipeline.stop(at:)`): 3 of 4 runs on a busy machine. A hang
  /// cannot fail an XCTest, so a watchdog ends the run instead.
  func testACutWhileTheNextFileIsFetchedIsAnErrorAndPlaysAgainAfter() throws {
    let server = try TestServer.start(library: SampleLibrary.load())
    defer { server.stop() }
    let token = try Curl.login(server)
    let watchdog = HangWatchdog(seconds: 60, what: "the engine after a dropped stream")
    defer { watchdog.finished() }
    try MainActor.assumeIsolated {
      let book = try XCTUnwrap(SampleLibrary.load().book("mp3-multi"))
      let sources = Curl.streamSources(book, from: server, token: token)
      try GStreamerRuntime.start()
      let sink = try XCTUnwrap(gst_element_factory_make("fakesink", nil))
      hark_set_bool(sink, "sync", 1)  // real time, as the app plays
      let engine = try GStreamerEngine(audioSink: sink)
      let recorder = SnapshotRecorder(engine)
      // 6 s before the second file ends: the third is fetched near its end.
      engine.load(sources, startIndex: 1, position: book.files[1].duration - 6)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
      _ = try Curl.run([
        "-X", "POST", "-H", "Content-Type: application/json", "-d",
        #"{"path_prefix":"/api/v1/libraries/1/stream","drop_after_bytes":20000,"then_unreachable":true,"count":1}"#,
        server.controlURL.appendingPathComponent("faults").absoluteString,
      ])

      XCTAssertTrue(recorder.wait(for: .error, timeout: 20), "\(recorder.states) \(engine.lastError ?? "none")")
      let cut = try Curl.streamRequests(server).filter { $0["dropped"] as? Bool == true }
      XCTAssertEqual(
        cut.compactMap { ($0["params"] as? [String: String])?["path"] }, [book.files[2].path],
        "the third file's stream was the one cut")

      // The server is back; the listener retries where it stopped.
      _ = try Curl.run(["-X", "DELETE", server.controlURL.appendingPathComponent("faults").absoluteString])
      recorder.clear()
      engine.load(sources, startIndex: 2, position: 1)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")
      XCTAssertTrue(spin(timeout: 5) { (recorder.last?.position ?? 0) > 1.5 }, "it plays on")
    }
  }
}

/// Ends the test process if a test is still running after `seconds`: a
/// deadlocked main thread would otherwise stall the whole run silently.
final class HangWatchdog: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  init(seconds: Int, what: String) {
    let done = self.done
    Thread.detachNewThread {
      if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
        FileHandle.standardError.write(Data("error: \(what) hung for \(seconds) s\n".utf8))
        exit(1)
      }
    }
  }

  func finished() { done.signal() }
}
