import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §2.1–2.2, example by example.
final class BookFilesTests: XCTestCase {
  func testExplicitFilesAreSortedBySeqStably() {
    let book = Book(
      libraryID: 1, relPath: "B",
      files: [
        BookFile(relPath: "b.mp3", seq: 2, duration: 20, format: "mp3", size: 2),
        BookFile(relPath: "a.mp3", seq: 1, duration: 10, format: "mp3", size: 1),
        BookFile(relPath: "c.mp3", seq: 2, duration: 30, format: "mp3", size: 3),
      ])
    XCTAssertEqual(bookFileSpecs(book).map(\.path), ["a.mp3", "b.mp3", "c.mp3"])
  }

  func testChaptersGiveFilesInFirstSeenOrderWithTheLargestEnd() {
    let book = Book(
      libraryID: 1, relPath: "B",
      chapters: [
        Chapter(index: 0, title: "1", fileIndex: 1, filePath: "p2", start: 0, end: 20),
        Chapter(index: 1, title: "2", fileIndex: 1, filePath: "p2", start: 20, end: 50),
        Chapter(index: 2, title: "3", fileIndex: 0, filePath: "p1", start: 0, end: 30),
      ])
    XCTAssertEqual(
      bookFileSpecs(book), [FileSpec(path: "p2", duration: 50, size: 0), FileSpec(path: "p1", duration: 30, size: 0)])
  }

  func testChapterDataWinsAndItsEmptyChaptersStillCount() {
    let book = Book(
      libraryID: 1, relPath: "B.m4b", duration: 99, size: 7,
      chapters: [Chapter(index: 0, title: "1", filePath: "x", start: 0, end: 5)])
    let data = ChaptersResponse(libraryID: 1, path: "B.m4b", duration: 99, isFolder: false, files: [], chapters: [])
    XCTAssertEqual(bookFileSpecs(book, chapterData: data), [FileSpec(path: "B.m4b", duration: 99, size: 7)])
  }

  func testOffsetsComeFromFileDurationsNotTheServersBookOffset() {
    let files = [FileSpec(path: "p2", duration: 50, size: 0), FileSpec(path: "p1", duration: 30, size: 0)]
    XCTAssertEqual(
      chapterBookOffset(files: files, chapter: Chapter(index: 0, title: "", fileIndex: 7, filePath: "p2", start: 5, end: 9, bookOffset: 0)),
      5)
    XCTAssertEqual(
      chapterBookOffset(files: files, chapter: Chapter(index: 1, title: "", fileIndex: 0, filePath: "p1", start: 0, end: 9, bookOffset: 0)),
      50)
  }

  func testAnUnknownPathFallsBackToAnInRangeIndexElseToNothingBefore() {
    let files = [FileSpec(path: "a", duration: 10, size: 0), FileSpec(path: "b", duration: -4, size: 0),
                 FileSpec(path: "c", duration: 5, size: 0)]
    XCTAssertEqual(chapterBookOffset(files: files, chapter: Chapter(index: 0, title: "", fileIndex: 2, filePath: "?", start: 1, end: 2)), 11,
                   "negative durations count as 0")
    XCTAssertEqual(chapterBookOffset(files: files, chapter: Chapter(index: 0, title: "", fileIndex: 9, filePath: "?", start: 1, end: 2)), 1)
  }
}
