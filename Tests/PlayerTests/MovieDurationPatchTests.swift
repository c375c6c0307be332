import CGst
import Foundation
import HarkTestSupport
import XCTest

@testable import Player

/// The bytes qtdemux reads from the sample library's files, planned.
final class MovieDurationPatchTests: XCTestCase {
  func testTheMovieOfAnAACFileIsLengthenedByItsPriming() throws {
    let bytes = try FixtureHelpers.movieBox(of: "Gapless/AAC/01 - Part 1.m4a")
    // ffmpeg: 132,447 samples played from media time 1,024, both at 44.1 kHz.
    XCTAssertEqual(Self.plan(bytes).duration, 132_447 + 1024)
    var patched = bytes
    patched.withUnsafeMutableBytes { MovieDurationPatch.apply(Self.plan(bytes), to: $0) }
    XCTAssertEqual(Self.plan(patched), .lengthen(offset: 32, size: 4, duration: 132_447 + 2048), "read back")
  }

  func testAPeekAtTheBoxHeaderWaitsForTheBox() throws {
    let bytes = try FixtureHelpers.movieBox(of: "Gapless/AAC/01 - Part 1.m4a")
    XCTAssertEqual(Self.plan(bytes.prefix(16)), .incomplete, "qtdemux reads 16 bytes before the box")
    XCTAssertEqual(Self.plan(bytes.prefix(120)), .incomplete, "mvhd, but not yet the track's mdhd")
    XCTAssertEqual(Self.plan(Data(repeating: 0, count: 100) + bytes), Self.plan(bytes).shifted(by: 100))
  }

  func testOtherFilesAreLeftAlone() throws {
    let library = try SampleLibrary.load()
    let flac = try Data(contentsOf: URL(fileURLWithPath: library.path("Gapless/FLAC/01 - Part 1.flac")))
    XCTAssertEqual(Self.plan(flac), .notHere)
    // The same AAC movie without its edit list: nothing to lengthen.
    var bytes = try FixtureHelpers.movieBox(of: "Gapless/AAC/01 - Part 1.m4a")
    let edts = try XCTUnwrap(bytes.range(of: Data("edts".utf8)))
    bytes.replaceSubrange(edts, with: Data("free".utf8))
    XCTAssertEqual(Self.plan(bytes), .keep)
  }

  private static func plan(_ bytes: Data) -> MovieDurationPatch.Plan {
    bytes.withUnsafeBytes { MovieDurationPatch.plan($0) }
  }
}

extension MovieDurationPatch.Plan {
  var duration: UInt64? {
    if case .lengthen(_, _, let duration) = self { return duration }
    return nil
  }

  func shifted(by offset: Int) -> Self {
    if case .lengthen(let at, let size, let duration) = self { return .lengthen(offset: at + offset, size: size, duration: duration) }
    return self
  }
}

/// The probe on a real qtdemux fed the file in pieces, as a stream feeds it.
final class MovieDurationPatchProbeTests: XCTestCase {
  /// 97-byte pieces split `moov`'s first boxes: the piece is held, joined
  /// with the next and patched, and the last frame is decoded.
  func testAMovieBoxSplitAcrossPushedPiecesIsJoinedAndPatched() throws {
    XCTAssertEqual(try Self.decodedSamples(blocksize: 97, patched: false), 132_097, "what qtdemux does alone")
    XCTAssertEqual(try Self.decodedSamples(blocksize: 97, patched: true), 132_447 + 1)
    XCTAssertEqual(try Self.decodedSamples(blocksize: 65_536, patched: true), 132_447 + 1, "in one piece")
  }

  /// `filesrc ! queue ! qtdemux`: the queue makes qtdemux work in push mode.
  private static func decodedSamples(blocksize: Int, patched: Bool) throws -> Int {
    try PlayerTests.decodedSamples(
      "filesrc name=file blocksize=\(blocksize) ! queue ! qtdemux name=patched ! avdec_aac name=decoder",
      file: SampleLibrary.load().path("Gapless/AAC/01 - Part 1.m4a"),
      patch: patched ? { InputPatchProbe.attach(MovieDurationPatch.self, to: $0) } : nil)
  }
}
