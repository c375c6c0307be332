import Foundation
import HarkTestSupport
import XCTest

@testable import Player

/// The iTunSMPB comment read from the `moov` qtdemux reads, and the cut it
/// plans, on the sample library's AAC sweeps (ffmpeg's AAC, no edit list,
/// the comment written by mutagen) and on broken copies of them.
final class ITunSMPBReaderTests: XCTestCase {
  static let onlyComment = "Gapless Sweep/AAC, iTunSMPB only/01 - Part 1.m4a"
  static let editListToo = "Gapless Sweep/AAC, edit list and iTunSMPB/01 - Part 1.m4a"

  func testTheCommentAsITunesWritesIt() {
    let apple = " 00000000 00000840 000001CA 00000000003F1D76 00000000 00000000 00000000 00000000"
    XCTAssertEqual(ITunesGaplessComment(apple), ITunesGaplessComment(delay: 2112, padding: 458, length: 4_136_310))
    XCTAssertEqual(ITunesGaplessComment(" 00000000 00000400 000001D9 00000000000E2227")?.length, 926_247)
  }

  func testBrokenCommentsAreNotRead() {
    XCTAssertNil(ITunesGaplessComment("hello world, this is not a gapless comment at all"))
    XCTAssertNil(ITunesGaplessComment(" 00000000 00000400 000001D9"), "no length field")
    XCTAssertNil(ITunesGaplessComment(" 00000000 0000000000000400 000001D9 00000000000E2227"), "a delay too long")
    XCTAssertNil(ITunesGaplessComment(" 00000000 00000400 000001D9 FFFFFFFFFFFFFFFF"), "a length no file has")
    XCTAssertNil(ITunesGaplessComment(" 00000000 0x000400 000001D9 00000000000E2227"))
    XCTAssertNil(ITunesGaplessComment(String(repeating: " 00000000", count: 100)), "too long to be one")
  }

  func testTheFileWithOnlyTheCommentIsCutToItsStatedLength() throws {
    let movie = try FixtureHelpers.movieBox(of: Self.onlyComment)
    XCTAssertEqual(Self.plan(movie), .trim(AACTrim(start: 1024, end: 1024 + 926_247, timescale: 44100)))
    XCTAssertEqual(Self.plan(movie.prefix(movie.count - 1)), .incomplete, "the comment is at the movie's end")
    XCTAssertEqual(Self.plan(movie.prefix(16)), .incomplete, "qtdemux peeks at 16 bytes before the box")
    XCTAssertEqual(Self.plan(Data(repeating: 0, count: 100) + movie), Self.plan(movie), "in a streamed piece")
  }

  func testAFileWithAnEditListIsLeftToQtdemux() throws {
    XCTAssertEqual(Self.plan(try FixtureHelpers.movieBox(of: Self.editListToo)), .keep)
  }

  func testBrokenCommentsInTheFileAreIgnored() throws {
    let movie = try FixtureHelpers.movieBox(of: Self.onlyComment)
    for text in Self.brokenComments {
      XCTAssertEqual(Self.plan(try Self.replacingComment(in: movie, with: text)), .keep, text)
    }
    var renamed = movie
    renamed.replaceSubrange(try XCTUnwrap(movie.range(of: Self.commentName)), with: Data("name\0\0\0\0iTunNORM".utf8))
    XCTAssertEqual(Self.plan(renamed), .keep, "another comment")
  }

  func testEachFrameIsCutWhereTheCommentSays() {
    let trim = AACTrim(start: 1024, end: 1024 + 2500, timescale: 44100)
    typealias Cut = AACTrim.FrameCut
    XCTAssertEqual(trim.cut(frameAt: 0), Cut(dropStart: 1024, dropEnd: 0, outputStart: 0, outputLength: 0))
    XCTAssertEqual(trim.cut(frameAt: 1024), Cut(dropStart: 0, dropEnd: 0, outputStart: 0, outputLength: 1024))
    XCTAssertEqual(trim.cut(frameAt: 3072), Cut(dropStart: 0, dropEnd: 572, outputStart: 2048, outputLength: 452))
    XCTAssertEqual(trim.cut(frameAt: 4096), Cut(dropStart: 0, dropEnd: 1024, outputStart: 2500, outputLength: 0))
    let apple = AACTrim(start: 2112, end: 5000, timescale: 44100)
    XCTAssertEqual(apple.cut(frameAt: 1024), Cut(dropStart: 1024, dropEnd: 0, outputStart: 0, outputLength: 0))
    XCTAssertEqual(apple.cut(frameAt: 2048), Cut(dropStart: 64, dropEnd: 0, outputStart: 0, outputLength: 960))
  }

  /// Garbage, numbers past any file, and a padding longer than the file.
  static let brokenComments = [
    "not hex at all, but as long as the comment it replaces",
    " 00000000 FFFFFFFF FFFFFFFF FFFFFFFFFFFFFFFF",
    " 00000000 00000400 00FFFFFF 00000000000E2227",
    " 00000000 00000400 000001D9 00000000FFFFFFFF",
  ]

  /// The comment's `name` box from its type on (the album title says
  /// "iTunSMPB" too).
  static let commentName = Data("name\0\0\0\0iTunSMPB".utf8)

  /// `bytes` with the iTunSMPB comment's text overwritten by `text`,
  /// padded with spaces to the same length (no box changes size).
  static func replacingComment(in bytes: Data, with text: String) throws -> Data {
    let name = try XCTUnwrap(bytes.range(of: commentName))
    let data = try XCTUnwrap(bytes.range(of: Data("data".utf8), in: name.upperBound..<bytes.endIndex))
    let size = bytes[(data.lowerBound - 4)..<data.lowerBound].reduce(0) { $0 << 8 | Int($1) }
    let textStart = data.upperBound + 8  // type and locale
    let length = data.lowerBound - 4 + size - textStart
    var replaced = bytes
    let padded = Array(text.utf8.prefix(length)) + Array(repeating: UInt8(ascii: " "), count: max(0, length - text.utf8.count))
    replaced.replaceSubrange(textStart..<(textStart + length), with: padded)
    return replaced
  }

  private static func plan(_ bytes: Data) -> ITunSMPBReader.Plan {
    bytes.withUnsafeBytes { ITunSMPBReader.plan($0) }
  }
}

extension ITunesGaplessComment {
  init(delay: Int, padding: Int, length: Int) {
    func hex(_ value: Int, _ digits: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
    self.init(" 00000000 \(hex(delay, 8)) \(hex(padding, 8)) \(hex(length, 16))")!
  }
}
