import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// iTunSMPB through the engine where it must not cut: a file whose edit
/// list qtdemux already applies, and files whose comment is broken.
final class EngineITunSMPBTests: XCTestCase {
  /// Edit list and comment say the same priming: cut once, each part its
  /// own length plus the one priming sample qtdemux's nanosecond rounding
  /// keeps (what `EngineAACTests` allows). Cut twice, each would lose 1024.
  func testAFileWithAnEditListAndTheCommentIsCutOnce() throws {
    try MainActor.assumeIsolated {
      let book = try GaplessBook("gapless-sweep-aac-editlist-itunsmpb", in: SampleLibrary.load())
      let lengths = try FixtureHelpers.segmentLengths(playing: book.localSources)
      XCTAssertEqual(lengths.count, book.fileSamples.count)
      for (got, expected) in zip(lengths, book.fileSamples) {
        XCTAssertTrue((expected...expected + 1).contains(got), "\(lengths) for \(book.fileSamples)")
      }
    }
  }

  /// A broken comment changes nothing: the file plays as qtdemux plays it
  /// alone, the priming and then the movie's length (ffmpeg's muxer ends
  /// the last frame's duration where the audio ends).
  func testABrokenCommentIsIgnored() throws {
    try MainActor.assumeIsolated {
      let library = try SampleLibrary.load()
      let original = try Data(contentsOf: URL(fileURLWithPath: library.path(ITunSMPBReaderTests.onlyComment)))
      for text in ITunSMPBReaderTests.brokenComments {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("hark-itunsmpb-\(UUID().uuidString).m4a")
        defer { try? FileManager.default.removeItem(at: copy) }
        try ITunSMPBReaderTests.replacingComment(in: original, with: text).write(to: copy)
        XCTAssertEqual(try FixtureHelpers.segmentLengths(playing: [EngineSource(uri: copy, duration: 21)]), [1024 + 926_247], text)
      }
    }
  }
}
