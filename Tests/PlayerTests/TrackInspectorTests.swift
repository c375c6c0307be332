import HarkTestSupport
import Player
import XCTest

/// GstDiscoverer on the sample library's real audio: durations agree with
/// ffprobe's (recorded in the manifest), tags and embedded covers are read,
/// and bad input is reported as what it is.
final class TrackInspectorTests: XCTestCase {
  private var library: SampleLibrary!
  private var inspector: TrackInspector!

  override func setUpWithError() throws {
    library = try SampleLibrary.load()
    inspector = try TrackInspector()
  }

  func testDurationsMatchTheManifestForEveryFormat() throws {
    for id in ["mp3-multi", "m4b", "flac", "opus", "long", "gapless-flac", "gapless-opus", "gapless-mp3-lame"] {
      let book = try XCTUnwrap(library.book(id), id)
      for file in book.files {
        let info = try inspector.inspect(file: library.path(file.path))
        XCTAssertEqual(info.duration, file.duration, accuracy: 0.1, "\(id): \(file.path)")
      }
    }
  }

  func testReadsTagsAndEmbeddedCover() throws {
    let m4b = try XCTUnwrap(library.book("m4b"))
    let info = try inspector.inspect(file: library.path(m4b.files[0].path))
    XCTAssertEqual(info.album, m4b.title)
    XCTAssertEqual(info.artist, m4b.author)
    XCTAssertEqual(m4b.cover, "embedded")
    XCTAssertTrue(info.hasEmbeddedCover)

    let opus = try XCTUnwrap(library.book("opus"))
    XCTAssertNil(opus.cover)
    XCTAssertFalse(try inspector.inspect(file: library.path(opus.files[0].path)).hasEmbeddedCover)
  }

  func testLongChapterlessFileIsOverAnHour() throws {
    let long = try XCTUnwrap(library.book("long"))
    XCTAssertGreaterThan(try inspector.inspect(file: library.path(long.files[0].path)).duration, 3600)
  }

  func testMissingFileIsReportedAsMissing() {
    let path = "/nonexistent/Hark/book.mp3"
    XCTAssertThrowsError(try inspector.inspect(file: path)) { error in
      XCTAssertEqual(error as? TrackInspectionError, .missing(path: path))
    }
  }

  func testAnImageIsNotAudio() throws {
    let cover = try XCTUnwrap(library.book("mp3-multi")?.cover)
    let path = library.path(cover)
    XCTAssertThrowsError(try inspector.inspect(file: path)) { error in
      XCTAssertEqual(error as? TrackInspectionError, .notAudio(path: path))
    }
  }

  func testTruncatedFileIsAnErrorNotACrash() throws {
    let source = library.path(try XCTUnwrap(library.book("m4b")).files[0].path)
    let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("hark-truncated-\(UUID()).m4b")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    try bytes.prefix(4096).write(to: truncated)
    defer { try? FileManager.default.removeItem(at: truncated) }
    XCTAssertThrowsError(try inspector.inspect(file: truncated.path))
  }

  func testRuntimeReportsGStreamer122OrLater() throws {
    try GStreamerRuntime.start()
    let parts = GStreamerRuntime.version.split(separator: ".").compactMap { Int($0) }
    XCTAssertGreaterThanOrEqual(parts[0] * 100 + parts[1], 122, GStreamerRuntime.version)
  }
}
