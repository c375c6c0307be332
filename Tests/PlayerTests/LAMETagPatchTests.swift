import CGLib
import CGst
import Foundation
import HarkTestSupport
import XCTest

@testable import Player

/// Reading the Info frame's LAME-format tag where mpegaudioparse reads it.
final class LAMETagPatchTests: XCTestCase {
  private func plan(_ bytes: Data) -> LAMETagPatch.Plan {
    bytes.withUnsafeBytes { LAMETagPatch.plan($0) }
  }

  /// The first part of a sweep, from its first frame (id3demux strips the
  /// ID3 tag before the parser sees the bytes).
  private func firstFrames(_ set: String) throws -> Data {
    let data = try Data(contentsOf: URL(fileURLWithPath: SampleLibrary.load().path("Gapless Sweep/\(set)/01 - Part 1.mp3")))
    guard data.prefix(3) == Data("ID3".utf8) else { return data }
    let size = data[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    return data.subdata(in: (10 + size)..<data.count)
  }

  func testFFmpegsTagIsRelabelledLAME() throws {
    let bytes = try firstFrames("MP3, ffmpeg CBR")
    guard case .relabel(let offset) = plan(bytes) else { return XCTFail("\(plan(bytes))") }
    XCTAssertEqual(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), "Lavf")
    var patched = bytes
    patched.withUnsafeMutableBytes { LAMETagPatch.apply(plan(bytes), to: $0) }
    XCTAssertEqual(String(decoding: patched[offset..<offset + 9], as: UTF8.self), "LAME lame", "only the name's start")
    XCTAssertEqual(patched.count, bytes.count)
    XCTAssertEqual(zip(patched, bytes).filter { $0 != $1 }.count, 3, "L, M and E written over a, v and f")
    XCTAssertEqual(plan(patched), .keep, "now GStreamer reads it itself")
    XCTAssertEqual(try plan(firstFrames("MP3, ffmpeg VBR")), .relabel(offset: offset), "a Xing frame, too")
  }

  func testLAMEsOwnTagIsLeftAlone() throws {
    XCTAssertEqual(try plan(firstFrames("MP3, lame CBR")), .keep)
    XCTAssertEqual(try plan(firstFrames("MP3, lame VBR")), .keep)
  }

  func testAPieceEndingInsideTheFirstFrameWaitsForTheRest() throws {
    let bytes = try firstFrames("MP3, ffmpeg CBR")
    XCTAssertEqual(plan(bytes.prefix(3)), .notHere, "not even a whole frame header")
    XCTAssertEqual(plan(bytes.prefix(100)), .incomplete)
    XCTAssertEqual(plan(Data(repeating: 0, count: 7) + bytes), plan(bytes).shifted(by: 7), "junk before the frame")
  }

  func testFramesWithoutATagOrWithGarbageWhereTheNameWouldBeAreKept() throws {
    let bytes = try firstFrames("MP3, ffmpeg CBR")
    guard case .relabel(let tag) = plan(bytes) else { return XCTFail() }
    var noInfo = bytes
    noInfo.replaceSubrange((tag - 120)..<(tag - 116), with: Data("Junk".utf8))  // the "Info" marker
    XCTAssertEqual(String(decoding: bytes[(tag - 120)..<(tag - 116)], as: UTF8.self), "Info")
    XCTAssertEqual(plan(noInfo), .keep)
    var garbage = bytes
    garbage.replaceSubrange(tag..<(tag + 4), with: [0x9C, 0x01, 0xFF, 0x20])
    XCTAssertEqual(plan(garbage), .keep, "audio data, not an encoder's name")
    var nothingToTrim = bytes
    nothingToTrim.replaceSubrange((tag + 21)..<(tag + 24), with: [0, 0, 0])
    XCTAssertEqual(plan(nothingToTrim), .keep)
    XCTAssertEqual(plan(Data(repeating: 0x55, count: 4096)), .notHere)
  }
}

extension LAMETagPatch.Plan {
  fileprivate func shifted(by offset: Int) -> Self {
    if case .relabel(let at) = self { return .relabel(offset: at + offset) }
    return self
  }
}

/// The probe on a real mpegaudioparse fed the file in pieces, as a stream
/// feeds it: a first frame split across pieces is joined and relabelled.
final class LAMETagPatchProbeTests: XCTestCase {
  func testATagSplitAcrossPushedPiecesIsJoinedAndRelabelled() throws {
    XCTAssertEqual(try Self.decodedSamples(blocksize: 97, patched: false), 928_512, "what GStreamer does alone")
    XCTAssertEqual(try Self.decodedSamples(blocksize: 97, patched: true), 926_255)
    XCTAssertEqual(try Self.decodedSamples(blocksize: 65_536, patched: true), 926_255, "in one piece")
  }

  /// `filesrc ! queue ! id3demux ! mpegaudioparse`: the queue makes the
  /// parser work in push mode.
  private static func decodedSamples(blocksize: Int, patched: Bool) throws -> Int {
    try PlayerTests.decodedSamples(
      "filesrc name=file blocksize=\(blocksize) ! queue ! id3demux ! mpegaudioparse name=patched "
        + "! mpg123audiodec name=decoder",
      file: SampleLibrary.load().path("Gapless Sweep/MP3, ffmpeg CBR/01 - Part 1.mp3"),
      patch: patched ? { InputPatchProbe.attach(LAMETagPatch.self, to: $0) } : nil)
  }
}
