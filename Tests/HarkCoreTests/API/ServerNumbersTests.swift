import XCTest

@testable import HarkCore

/// Issue 21, item 5: numbers from a server are made plausible once, as the
/// JSON is decoded, so no later arithmetic can trap or show nonsense; and a
/// value Hark does not know in a field it can do without costs only that field.
final class ServerNumbersTests: XCTestCase {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  private func book(duration: String = "51", files: String = "[]", chapters: String = "[]", extra: String = "")
    throws -> Book
  {
    try decode(
      Book.self,
      #"{"library_id": 1, "rel_path": "A/Book", "duration": \#(duration), "files": \#(files), "chapters": \#(chapters)\#(extra)}"#)
  }

  func testAHugeDurationReadsAsUnknownAndTheBookPageCanNameAnyPlace() throws {
    let huge = try book(
      duration: "1e308",
      files: #"[{"rel_path": "A/Book/1.mp3", "duration": 1e308}]"#,
      chapters: #"[{"title": "One", "file_path": "A/Book/1.mp3", "start": 0, "end": 1e308}]"#)
    XCTAssertEqual(huge.duration, 0)
    XCTAssertEqual(huge.files.map(\.duration), [0])
    XCTAssertEqual(huge.chapters.map(\.end), [0])
    // What opening its Book page does: this trapped in formatClock.
    let places = ChapterPlaces(huge, virtualChapterInterval: 1800)
    XCTAssertEqual(places.label(at: 30), "One · 0:30")
    XCTAssertEqual(buildBookQueue(book: huge).total, 0)
  }

  func testNegativeAndHugeTimesReadAsZero() throws {
    let odd = try book(
      duration: "-51", files: #"[{"rel_path": "A/Book/1.mp3", "duration": -3}, {"rel_path": "A/Book/2.mp3", "duration": 2e7}]"#)
    XCTAssertEqual(odd.duration, 0)
    XCTAssertEqual(odd.files.map(\.duration), [0, 0])
    XCTAssertEqual(plausibleSeconds(.nan), 0)
    XCTAssertEqual(plausibleSeconds(-.infinity), 0)
    XCTAssertEqual(plausibleSeconds(3600), 3600)
  }

  func testAnImplausibleSavedPlaceReadsAsTheStartButAMissingOneIsStillAnError() throws {
    let row = #"{"library_id": 1, "path": "A/Book", "duration": 51, "position": "#
    XCTAssertEqual(try decode(ProgressRow.self, row + "-1000}").position, 0)
    XCTAssertEqual(try decode(ProgressRow.self, row + "1e308}").position, 0)
    XCTAssertEqual(try decode(ProgressRow.self, row + "30.5}").position, 30.5)
    XCTAssertThrowsError(try decode(ProgressRow.self, #"{"library_id": 1, "path": "A/Book"}"#))
    let odd = try decode(ProgressRow.self, row + #"30, "version": 1e308, "playback_speed": "fast"}"#)
    XCTAssertEqual([odd.position, Double(odd.version), odd.playbackSpeed], [30, 0, 1])
    let bookmark = try decode(Bookmark.self, #"{"id": 1, "library_id": 1, "path": "A/Book", "position": -5}"#)
    XCTAssertEqual(bookmark.position, 0)
    let note = try decode(Note.self, #"{"id": 1, "library_id": 1, "path": "A/Book", "position": 1e308, "body": "x"}"#)
    XCTAssertEqual(note.position, 0)
    let span = try decode(HistoryEntry.self, #"{"library_id": 1, "path": "A/Book", "from_pos": -9, "to_pos": 1e300}"#)
    XCTAssertEqual([span.fromPosition, span.toPosition], [0, 0])
  }

  func testChaptersOutOfOrderOverlappingOrPastTheEndArePutRight() throws {
    // A 51-second one-file book whose server lists its chapters shuffled,
    // one overlapping the next, one past the end.
    let chapter = { (index: Int, start: Double, end: Double) in
      #"{"index": \#(index), "title": "Chapter \#(index)", "file_path": "A/Book/1.mp3", "start": \#(start), "end": \#(end)}"#
    }
    let shuffled = try book(
      files: #"[{"rel_path": "A/Book/1.mp3", "duration": 0}]"#,
      chapters: "[" + [chapter(5, 40, 60), chapter(1, 0, 25), chapter(2, 20, 40), chapter(8, 900, 1000)]
        .joined(separator: ",") + "]")
    XCTAssertEqual(shuffled.chapters.map(\.index), [1, 2, 5])
    XCTAssertEqual(shuffled.chapters.map(\.start), [0, 20, 40])
    XCTAssertEqual(shuffled.chapters.map(\.end), [20, 40, 51])
    XCTAssertEqual(buildBookQueue(book: shuffled).total, 51)
  }

  func testChaptersFollowTheFilesPlayOrder() throws {
    let files = #"[{"rel_path": "b.mp3", "seq": 2, "duration": 10}, {"rel_path": "a.mp3", "seq": 1, "duration": 10}]"#
    let chapters = #"[{"index": 1, "file_path": "b.mp3", "start": 0, "end": 10}, {"index": 0, "file_path": "a.mp3", "start": 0, "end": 12}]"#
    let twoFiles = try book(duration: "20", files: files, chapters: chapters)
    XCTAssertEqual(twoFiles.chapters.map(\.filePath), ["a.mp3", "b.mp3"])
    XCTAssertEqual(twoFiles.chapters.map(\.end), [10, 10])
    let response = try decode(
      ChaptersResponse.self, #"{"library_id": 1, "path": "A/Book", "files": \#(files), "chapters": \#(chapters)}"#)
    XCTAssertEqual(response.chapters.map(\.filePath), ["a.mp3", "b.mp3"])
  }

  func testChaptersWhoseFileIsUnknownKeepTheServersOrder() throws {
    // Starts are times inside files Hark cannot tell apart here: 100 s into
    // one file comes before 0 s into the next, as the server lists them.
    let files = #"[{"rel_path": "1.mp3", "duration": 300}, {"rel_path": "2.mp3", "duration": 300}]"#
    let chapters = #"[{"index": 0, "start": 0, "end": 100}, {"index": 1, "start": 100, "end": 300}, {"index": 2, "start": 0, "end": 300}]"#
    let unplaced = try book(duration: "600", files: files, chapters: chapters)
    XCTAssertEqual(unplaced.chapters.map(\.index), [0, 1, 2])
    XCTAssertEqual(unplaced.chapters.map(\.end), [100, 300, 300])
    // With one file there is only one place a chapter can be.
    let oneFile = try book(
      files: #"[{"rel_path": "1.mp3"}]"#,
      chapters: #"[{"index": 1, "start": 30, "end": 51}, {"index": 0, "start": 0, "end": 30}]"#)
    XCTAssertEqual(oneFile.chapters.map(\.index), [0, 1])
  }

  func testFileIndicesSizesAndOrderKeysThatAreNotWholeNumbersAreDropped() throws {
    let odd = try book(
      files: #"[{"rel_path": "A/Book/1.mp3", "seq": 1e308, "size": -5}, {"rel_path": "A/Book/2.mp3", "size": 1e308}]"#,
      chapters: #"[{"file_path": "x", "file_index": -3}, {"file_path": "x", "start": 1, "file_index": 1e308}]"#,
      extra: #", "size": 1e308, "series_index": 1e308, "id": 1e308"#)
    XCTAssertEqual(odd.files.map(\.seq), [0, 0])
    XCTAssertEqual(odd.files.map(\.size), [0, 0])
    XCTAssertEqual(odd.chapters.map(\.fileIndex), [nil, nil])
    XCTAssertEqual(odd.size, 0)
    XCTAssertEqual(odd.seriesIndex, 0)
    XCTAssertEqual(odd.id, 0)
  }

  func testValuesHarkDoesNotKnowCostOnlyTheirOwnField() async throws {
    let newer = #"""
      {"library_id": 2, "rel_path": "A/Book", "title": "Newer", "duration": 51, "format": "zzz-unknown",
       "codec": {"name": "opus"}, "direct_playable": "maybe", "multi_file": 2, "added_at": 7, "asin": false,
       "files": [{"rel_path": "A/Book/1.zzz", "duration": 51, "format": ["?"]}]}
      """#
    let (client, transport) = makeClient()
    transport.answer(.json(newer))
    let book = try await client.item(libraryID: 2, path: "A/Book")
    XCTAssertEqual(book.title, "Newer")
    XCTAssertEqual(book.format, "zzz-unknown")
    XCTAssertNil(book.codec)
    XCTAssertNil(book.directPlayable)
    XCTAssertNil(book.multiFile)
    XCTAssertNil(book.addedAt)
    XCTAssertNil(book.asin)
    XCTAssertEqual(book.files.map(\.format), [""])
    XCTAssertEqual(book.files.map(\.duration), [51])
  }

  func testAFolderEntryWithHintsHarkDoesNotKnowStillLists() throws {
    let listing = try decode(
      FsListing.self,
      #"{"path": "", "entries": [{"name": "A", "path": "A", "is_dir": true, "is_book": "maybe", "is_audio": 1, "series_index": "one", "duration": -4}]}"#)
    XCTAssertEqual(listing.entries.map(\.name), ["A"])
    XCTAssertNil(listing.entries[0].isBook)
    XCTAssertEqual(listing.entries[0].isAudio, false)
    XCTAssertNil(listing.entries[0].seriesIndex)
    XCTAssertEqual(listing.entries[0].duration, 0)
  }

  func testTheClockNeverTrapsWhateverItIsGiven() {
    XCTAssertEqual(formatClock(1e308), formatClock(1e12))
    XCTAssertEqual(formatClock(-1e308), "0:00")
  }
}
