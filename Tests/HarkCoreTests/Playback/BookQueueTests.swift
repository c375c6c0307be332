import Foundation
import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §2.6, the examples table row by row. Tracks carry the
/// file's path (the app builds the stream URL and its auth header), so the
/// reference's `stream:2:A/Book/01.mp3` url is the path `A/Book/01.mp3` with
/// no local file here.
final class BookQueueTests: XCTestCase {
  func testTwoFilesGiveTracksOffsetsAndTotal() {
    let book = Book(
      libraryID: 2, relPath: "A/Book", isFolder: true, title: "Book", author: "", series: "Saga",
      narrator: "Reader",
      files: [
        BookFile(relPath: "A/Book/02.mp3", seq: 2, duration: 100),
        BookFile(relPath: "A/Book/01.mp3", seq: 1, duration: 60),
      ])
    let queue = buildBookQueue(book: book)
    XCTAssertEqual(queue.tracks.map(\.path), ["A/Book/01.mp3", "A/Book/02.mp3"])
    XCTAssertEqual(queue.tracks.map(\.id), ["2:A/Book/01.mp3", "2:A/Book/02.mp3"])
    XCTAssertEqual(queue.tracks.map(\.localFile), [nil, nil])
    XCTAssertEqual(queue.tracks[0].album, "Saga")
    XCTAssertEqual(queue.tracks[0].artist, "Reader", "author, else narrator")
    XCTAssertEqual(queue.tracks.map(\.duration), [60, 100])
    XCTAssertEqual(queue.offsets, [0, 60])
    XCTAssertEqual(queue.total, 160)
    XCTAssertEqual(queue.chapters, [])
    XCTAssertFalse(queue.syntheticChapters, "multi-file books are not synthesized")
  }

  func testChapterOffsetsAreRecomputedNotTakenFromTheServer() {
    let book = Book(
      libraryID: 2, relPath: "A/single.m4b", title: "S", duration: 200,
      files: [BookFile(relPath: "A/single.m4b", duration: 200)],
      chapters: [
        Chapter(index: 0, title: "One", filePath: "A/single.m4b", start: 0, end: 100, bookOffset: 0),
        Chapter(index: 1, title: "Two", filePath: "A/single.m4b", start: 100, end: 200, bookOffset: 0),
      ])
    let queue = buildBookQueue(book: book)
    XCTAssertEqual(queue.offsets, [0])
    XCTAssertEqual(queue.chapters.map(\.bookOffset), [0, 100])
    XCTAssertEqual(queue.total, 200)
    XCTAssertEqual(queue.chapterClips.count, 2)
    XCTAssertEqual(queue.tracks[0].album, "S", "no series: the title")
  }

  func testChaptersAloneGiveTracksInFirstSeenOrder() {
    let book = Book(
      libraryID: 2, relPath: "B",
      chapters: [
        Chapter(index: 0, title: "a", fileIndex: 1, filePath: "p2", start: 5, end: 50),
        Chapter(index: 1, title: "b", fileIndex: 0, filePath: "p1", start: 0, end: 30),
      ])
    let queue = buildBookQueue(book: book)
    XCTAssertEqual(queue.tracks.map(\.path), ["p2", "p1"])
    XCTAssertEqual(queue.offsets, [0, 50])
    XCTAssertEqual(queue.chapters.map(\.bookOffset), [5, 50])
  }

  func testALocalCopyGivesFileURLs() {
    let book = Book(libraryID: 2, relPath: "A/single.m4b", duration: 100)
    let local = LocalCopy(files: ["A/single.m4b": URL(string: "file:///local/a.m4b")!])
    let queue = buildBookQueue(book: book, local: local)
    XCTAssertEqual(queue.tracks[0].localFile, URL(string: "file:///local/a.m4b"))
    XCTAssertTrue(queue.isFullyLocal)
  }

  func testALongChapterlessFileGetsSyntheticChapters() {
    let queue = buildBookQueue(book: Book(libraryID: 2, relPath: "L.m4b", duration: 5400))
    XCTAssertEqual(queue.offsets, [0])
    XCTAssertEqual(queue.chapters.map(\.bookOffset), [0, 1800, 3600])
    XCTAssertTrue(queue.syntheticChapters)
    XCTAssertEqual(queue.chapterClips, [])
  }

  func testAShortChapterlessFileGetsNone() {
    let queue = buildBookQueue(book: Book(libraryID: 2, relPath: "S.m4b", duration: 600))
    XCTAssertEqual(queue.chapters, [])
    XCTAssertEqual(queue.chapterClips, [])
    XCTAssertFalse(queue.syntheticChapters)
  }

  func testTheIntervalIsASetting() {
    let queue = buildBookQueue(book: Book(libraryID: 2, relPath: "L.m4b", duration: 5400), virtualChapterInterval: 900)
    XCTAssertEqual(queue.chapters.map(\.bookOffset), [0, 900, 1800, 2700, 3600, 4500])
  }

  func testALoneWholeBookChapterIsReplacedBySyntheticOnes() {
    let book = Book(
      libraryID: 2, relPath: "L.m4b", duration: 5400,
      chapters: [Chapter(index: 0, title: "All", filePath: "L.m4b", start: 0, end: 5400)])
    let queue = buildBookQueue(book: book)
    XCTAssertEqual(queue.chapters.count, 3)
    XCTAssertTrue(queue.syntheticChapters)
  }

  func testTheTotalIsTheLongestOfDurationFilesAndChapterEnds() {
    let book = Book(
      libraryID: 2, relPath: "B", duration: 10,
      files: [BookFile(relPath: "f", duration: 20)],
      chapters: [
        Chapter(index: 0, title: "a", filePath: "f", start: 0, end: 15),
        Chapter(index: 1, title: "b", filePath: "f", start: 15, end: 30),
      ])
    XCTAssertEqual(buildBookQueue(book: book).total, 30, "the furthest chapter end")
  }

  func testChapterDataWinsOverTheBook() {
    let book = Book(libraryID: 2, relPath: "B.m4b", duration: 100)
    let data = ChaptersResponse(
      libraryID: 2, path: "B.m4b", duration: 100,
      files: [BookFile(relPath: "B.m4b", duration: 100)],
      chapters: [
        Chapter(index: 0, title: "a", filePath: "B.m4b", start: 0, end: 40),
        Chapter(index: 1, title: "b", filePath: "B.m4b", start: 40, end: 100),
      ])
    XCTAssertEqual(buildBookQueue(book: book, chapterData: data).chapters.map(\.title), ["a", "b"])
  }

  func testChapterSpansAreChaptersElseTracks() {
    let chaptered = buildBookQueue(book: Book(libraryID: 2, relPath: "L.m4b", duration: 5400))
    XCTAssertEqual(chaptered.timeline.spans.map(\.start), [0, 1800, 3600])
    let files = Book(
      libraryID: 2, relPath: "A", files: [BookFile(relPath: "1", seq: 1, duration: 60), BookFile(relPath: "2", seq: 2, duration: 100)])
    let tracks = buildBookQueue(book: files)
    XCTAssertEqual(tracks.timeline.spans, [ChapterSpan(start: 0, end: 60), ChapterSpan(start: 60, end: 160)])
    XCTAssertEqual(tracks.timeline.chapterIndex(at: 60), 1)
  }
}
