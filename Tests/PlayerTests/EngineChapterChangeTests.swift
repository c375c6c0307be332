import CGLib
import CGst
import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import Player

/// The chapter label changes when the chapter does, also in a book whose
/// chapters are not trusted as file clips: the engine, playing in real time
/// with the marks the session hands it (`engineMarks` of the book), reports
/// its place as it crosses the boundary. Without a mark there, the first
/// report in the new chapter came at the next whole second of the file, up
/// to a second late.
final class EngineChapterChangeTests: XCTestCase {
  func testAChapterBoundaryInAFileWithoutClipsIsReportedAsItIsCrossed() throws {
    try MainActor.assumeIsolated {
      let library = try SampleLibrary.load()
      let long = try XCTUnwrap(library.book("long")).files[0]
      // 0.1 s past a whole second: a report at the next whole second would
      // be 0.9 s late.
      let boundary = 601.1
      let book = Book(
        libraryID: 1, relPath: long.path, files: [BookFile(relPath: long.path, seq: 1, duration: long.duration)],
        chapters: [
          // Naming no file, they cannot be made into clips.
          Chapter(index: 0, title: "Before", filePath: "", start: 0, end: boundary),
          Chapter(index: 1, title: "After", filePath: "", start: boundary, end: long.duration),
        ])
      let queue = buildBookQueue(book: book)
      XCTAssertEqual(queue.chapterClips, [], "this book's chapters are not clips")
      let marks = engineMarks(queue)

      try GStreamerRuntime.start()
      let sink = try XCTUnwrap(gst_element_factory_make("fakesink", nil))
      hark_set_bool(sink, "sync", 1)  // real time, as the app plays
      let engine = try GStreamerEngine(audioSink: sink)
      let recorder = SnapshotRecorder(engine)
      engine.load(
        [EngineSource(uri: URL(fileURLWithPath: library.path(long.path)), duration: long.duration, marks: marks[0])],
        startIndex: 0, position: 600)
      engine.play()
      XCTAssertTrue(recorder.wait(for: .playing), "\(recorder.states) \(engine.lastError ?? "")")

      func chapter(_ snapshot: EngineSnapshot) -> Int? {
        queue.timeline.chapterIndex(at: queue.offsets[snapshot.trackIndex] + snapshot.position)
      }
      XCTAssertTrue(spin(timeout: 10) { recorder.snapshots.contains { chapter($0) == 1 } }, "never reached chapter 2")
      let reports = recorder.snapshots.filter { $0.state == .playing }.map(\.position)
      let first = try XCTUnwrap(recorder.snapshots.first { chapter($0) == 1 })
      // The report is due 10 ms past the boundary (`reportMargin`); the
      // rest is the main loop's delay, so the bound leaves room for a busy
      // machine and still tells it from the next whole second (602).
      XCTAssertGreaterThanOrEqual(first.position, boundary, "reports while playing: \(reports)")
      XCTAssertLessThan(
        first.position - boundary, 0.25,
        "the chapter changed \(first.position - boundary) s after its start; reports while playing: \(reports)")
      engine.reset()
    }
  }
}
