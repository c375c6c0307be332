import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// AAC in `.m4a` across file boundaries: every file whole (its edit list's
/// exact length), from disk (qtdemux pulls) and from the server (it is
/// pushed the bytes). Without `MovieDurationPatch`, qtdemux 1.22 dropped
/// each file's last frame: −350/−203/−260 samples and a click at each join.
final class EngineAACTests: XCTestCase {
  private static let server = ClassTestServer()

  override class func tearDown() { server.stop() }

  func testEveryFileIsWholeFromDisk() throws {
    try MainActor.assumeIsolated {
      let aac = try GaplessBook("gapless-aac", in: SampleLibrary.load())
      try Self.assertEveryFileWhole(aac, playing: aac.localSources)
    }
  }

  func testEveryFileIsWholeOverHTTP() throws {
    let (server, token) = try Self.server.started()
    try MainActor.assumeIsolated {
      let aac = try GaplessBook("gapless-aac", in: SampleLibrary.load())
      try Self.assertEveryFileWhole(aac, playing: Curl.streamSources(aac.book, from: server, token: token))
    }
  }

  /// Each file's output is its own length plus at most one sample: qtdemux
  /// rounds the edit's start (1024/44100 s) down to whole nanoseconds, so
  /// the decoder keeps the last priming sample.
  @MainActor
  private static func assertEveryFileWhole(_ book: GaplessBook, playing sources: [EngineSource]) throws {
    let lengths = try FixtureHelpers.segmentLengths(playing: sources)
    XCTAssertEqual(lengths.count, book.fileSamples.count)
    for (got, expected) in zip(lengths, book.fileSamples) {
      XCTAssertTrue((expected...expected + 1).contains(got), "\(lengths) for \(book.fileSamples)")
    }
  }
}
