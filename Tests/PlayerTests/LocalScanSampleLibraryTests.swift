import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import Player

/// The local scanner on the generated sample library: the books an AudioSilo
/// server would make of it, with chapters of every kind (M4B Nero list and
/// QuickTime track, ID3 CHAP, Vorbis comments, a cue sheet, one per file),
/// durations within 50 ms of ffprobe's, tags, series order and covers.
final class LocalScanSampleLibraryTests: XCTestCase {
  /// library.json with what these tests need beyond `SampleLibrary.Book`.
  private struct Manifest: Decodable {
    struct Book: Decodable {
      struct File: Decodable {
        let path: String
        let duration: Double
      }
      struct Mark: Decodable {
        let title: String
        let start: Double
        let end: Double
      }
      struct Gapless: Decodable {
        let sample_rate: Double
        let file_samples: [Double]
      }
      let id: String
      let path: String
      let title: String
      let author: String
      let narrator: String?
      let cover: String?
      let series: String?
      let series_part: Double?
      let gapless: Gapless?
      let files: [File]
      let chapters: [Mark]
    }
    let books: [Book]
  }

  /// One scan for the whole class: the library does not change under it.
  nonisolated(unsafe) private static var scanned: (LocalScanResult, [LocalScanProgress])?
  private var library: SampleLibrary!
  private var manifest: Manifest!
  private var result: LocalScanResult!

  override func setUpWithError() throws {
    library = try SampleLibrary.load()
    manifest = try JSONDecoder().decode(
      Manifest.self, from: Data(contentsOf: library.root.appendingPathComponent("library.json")))
    if Self.scanned == nil {
      let seen = ProgressLog()
      let result = LocalLibraryScanner(root: library.root).scanBlocking { seen.add($0) }
      Self.scanned = (result, seen.all)
    }
    result = Self.scanned?.0
  }

  private func entry(_ id: String) throws -> Manifest.Book {
    try XCTUnwrap(manifest.books.first { $0.id == id }, id)
  }

  private func book(at path: String) throws -> Book {
    try XCTUnwrap(result.books.first { $0.relPath == path }, "no book at \(path); books: \(result.books.map(\.relPath))")
  }

  private func assertChapters(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let expected = try entry(id)
    let found = try book(at: expected.path)
    XCTAssertEqual(found.chapters.map(\.title), expected.chapters.map(\.title), id, file: file, line: line)
    XCTAssertEqual(found.chapters.count, expected.chapters.count, id, file: file, line: line)
    for (chapter, mark) in zip(found.chapters, expected.chapters) {
      XCTAssertEqual(chapter.start, mark.start, accuracy: 0.02, "\(id): \(mark.title) start", file: file, line: line)
      XCTAssertEqual(chapter.bookOffset, mark.start, accuracy: 0.02, "\(id): \(mark.title) offset", file: file, line: line)
    }
  }

  func testEveryManifestBookIsFoundWithItsFilesInOrder() throws {
    var expected: [String: [String]] = [:]
    for book in manifest.books {
      // The sample lists CD1 and CD2 as two books (as some servers do); Hark
      // folds disc folders into the book that holds them.
      let path = book.id.hasPrefix("disc-") ? book.path.pathParentForTests : book.path
      expected[path, default: []] += book.files.map(\.path)
    }
    XCTAssertEqual(Set(result.books.map(\.relPath)), Set(expected.keys))
    for found in result.books {
      XCTAssertEqual(found.files.map(\.relPath), expected[found.relPath], found.relPath)
      XCTAssertEqual(found.libraryID, LocalLibraryID.thisComputer)
      XCTAssertTrue(found.isFolder, found.relPath)
    }
    XCTAssertEqual(result.skipped, [])
    XCTAssertTrue(result.folderAvailable)
  }

  /// ffprobe's durations, except for MP3s made by the lame command line
  /// (gapless fixtures of known exact length): ffprobe counts their encoder
  /// delay and padding (21.055 s for 21.003 s of sound); GStreamer reads
  /// the LAME tag and plays, and reports, the exact length.
  func testDurationsAreWithin50msOfFFprobe() throws {
    for book in manifest.books {
      for (index, file) in book.files.enumerated() {
        let found = result.books.flatMap(\.files).first { $0.relPath == file.path }
        let lame = book.id.contains("lame") ? book.gapless : nil
        let expected = lame.map { $0.file_samples[index] / $0.sample_rate } ?? file.duration
        XCTAssertEqual(try XCTUnwrap(found, file.path).duration, expected, accuracy: 0.05, file.path)
      }
    }
  }

  func testM4BChaptersFromTheNeroList() throws {
    try assertChapters("m4b")
    let m4b = try book(at: entry("m4b").path)
    XCTAssertEqual(m4b.chapters.last?.end ?? 0, m4b.duration, accuracy: 0.05)
    XCTAssertEqual(m4b.format, "m4b")
    XCTAssertEqual(m4b.codec, "aac")
  }

  func testM4BQuickTimeChapterTrackAgreesWithTheNeroList() throws {
    let expected = try entry("m4b")
    guard let file = FileBytes(path: library.path(expected.files[0].path)) else { return XCTFail("cannot open the M4B") }
    let marks = MP4Chapters.readTextTrack(file)
    XCTAssertEqual(marks.map(\.title), expected.chapters.map(\.title))
    for (mark, chapter) in zip(marks, expected.chapters) {
      XCTAssertEqual(mark.start, chapter.start, accuracy: 0.02, chapter.title)
    }
  }

  func testID3ChapVorbisCommentAndCueSheetChapters() throws {
    try assertChapters("id3-chapters")
    try assertChapters("vorbis-chapters")
    try assertChapters("cue-chapters")
  }

  func testChapterlessFilesGetOneChapterEachTitledByTheirTags() throws {
    let multi = try book(at: entry("mp3-multi").path)
    XCTAssertEqual(
      multi.chapters.map(\.title),
      ["The Hundred and Twelve Steps", "A Ship Without Lights", "The Keeper's Logbook", "Morning on the Rocks"])
    XCTAssertEqual(multi.chapters.map(\.filePath), multi.files.map(\.relPath))
    var offset = 0.0
    for (chapter, file) in zip(multi.chapters, multi.files) {
      XCTAssertEqual(chapter.bookOffset, offset, accuracy: 0.001)
      offset += file.duration
    }
    // One long chapterless file: one chapter, which BookQueue turns into virtual ones.
    XCTAssertEqual(try book(at: entry("long").path).chapters.count, 1)
  }

  func testTitlesAuthorsAndNarratorsFromTags() throws {
    for id in ["mp3-multi", "m4b", "flac", "opus", "long", "series-1", "series-2", "series-10"] {
      let expected = try entry(id)
      let found = try book(at: expected.path)
      XCTAssertEqual(found.title, expected.title, id)
      XCTAssertEqual(found.author, expected.author, id)
      XCTAssertEqual(found.narrator, expected.narrator ?? "", id)
    }
  }

  func testSeriesNameAndOrder() throws {
    let series = result.books.filter { $0.series == "The Tidewater Chronicles" }
      .sorted { $0.seriesIndex < $1.seriesIndex }
    XCTAssertEqual(series.map(\.seriesIndex), [1, 2, 10])
    XCTAssertEqual(series.map(\.title), ["The Salt Road", "The Drowned Bell", "The Last Tide"])
  }

  func testTwoDiscsAreOneBook() throws {
    let discs = try book(at: "Odile Brandt/The Two Disc Book")
    XCTAssertEqual(discs.files.map { $0.relPath.pathParentForTests.split(separator: "/").last }, ["CD1", "CD2"])
    XCTAssertEqual(discs.title, "The Two Disc Book")
    XCTAssertEqual(discs.multiFile, true)
  }

  func testCoversFromTheFolderAndEmbedded() throws {
    for book in manifest.books where !book.id.hasPrefix("disc-") {
      let cover = result.covers[book.path]
      let embedded = result.tracks.first { $0.key.relPath == book.files[0].path }?.value.hasEmbeddedCover
      switch book.cover {
      case "embedded":
        XCTAssertNil(cover, book.id)
        XCTAssertEqual(embedded, true, book.id)
      case nil:
        XCTAssertNil(cover, book.id)
        XCTAssertEqual(embedded, false, book.id)
      case let path?:
        XCTAssertEqual(cover, path, book.id)
      }
    }
  }

  func testProgressCountsEveryFileRead() throws {
    let seen = try XCTUnwrap(Self.scanned?.1)
    let total = result.tracks.count
    XCTAssertEqual(seen.count, total)
    XCTAssertEqual(seen.map(\.done).sorted(), Array(1...total))
    XCTAssertTrue(seen.allSatisfy { $0.total == total })
    XCTAssertEqual(result.filesRead, total)
  }

  func testRescanOfAnUnchangedLibraryReadsNoAudio() throws {
    let again = LocalLibraryScanner(root: library.root).scanBlocking(known: result.tracks) { _ in
      XCTFail("an unchanged file was read")
    }
    XCTAssertEqual(again.filesRead, 0)
    XCTAssertEqual(again.books, result.books)
    XCTAssertEqual(again.tracks, result.tracks)
  }
}

/// Progress reports gathered from the scanning threads.
final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [LocalScanProgress] = []
  func add(_ report: LocalScanProgress) { lock.withLock { reports.append(report) } }
  var all: [LocalScanProgress] { lock.withLock { reports } }
}

extension String {
  var pathParentForTests: String { (self as NSString).deletingLastPathComponent }
}
