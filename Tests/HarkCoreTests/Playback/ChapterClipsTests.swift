import HarkCore
import XCTest

/// REFERENCE-BEHAVIOR §2.3–2.5: chapter clips and synthetic chapters.
final class ChapterClipsTests: XCTestCase {
  private let twoFiles = [FileSpec(path: "a", duration: 100, size: 0), FileSpec(path: "b", duration: 50, size: 0)]

  private func chapter(_ index: Int, _ path: String, _ start: Double, _ end: Double, fileIndex: Int? = nil) -> Chapter {
    Chapter(index: index, title: "C\(index)", fileIndex: fileIndex, filePath: path, start: start, end: end)
  }

  func testNoClipsForNoneOrOneChapter() {
    XCTAssertEqual(buildChapterClips(specs: twoFiles, chapters: []), [])
    XCTAssertEqual(buildChapterClips(specs: twoFiles, chapters: [chapter(0, "a", 0, 100)]), [])
  }

  func testClipsKeepOrderAndALastInFileChapterRunsToTheFilesEnd() {
    let clips = buildChapterClips(
      specs: twoFiles,
      chapters: [chapter(0, "a", -2, 40), chapter(1, "a", 40, 99), chapter(2, "b", 0, 50)])
    XCTAssertEqual(
      clips,
      [
        ChapterClip(fileIndex: 0, startInFile: 0, endInFile: 40, title: "C0"),
        ChapterClip(fileIndex: 0, startInFile: 40, endInFile: 0, title: "C1"),
        ChapterClip(fileIndex: 1, startInFile: 0, endInFile: 0, title: "C2"),
      ])
  }

  func testAnUnmappableChapterGivesNoClips() {
    XCTAssertEqual(
      buildChapterClips(specs: twoFiles, chapters: [chapter(0, "a", 0, 100), chapter(1, "?", 0, 50)]), [])
  }

  func testThePathWinsOverTheIndexAndAnInRangeIndexIsTheFallback() {
    let clips = buildChapterClips(
      specs: twoFiles, chapters: [chapter(0, "a", 0, 100, fileIndex: 1), chapter(1, "?", 0, 50, fileIndex: 1)])
    XCTAssertEqual(clips.map(\.fileIndex), [0, 1])
  }

  func testAnEmptyChapterThatIsNotLastInItsFileGivesNoClips() {
    XCTAssertEqual(
      buildChapterClips(
        specs: twoFiles, chapters: [chapter(0, "a", 10, 10), chapter(1, "a", 10, 100), chapter(2, "b", 0, 50)]),
      [])
  }

  func testALastInFileChapterMayHaveAnyEnd() {
    let clips = buildChapterClips(specs: twoFiles, chapters: [chapter(0, "a", 0, 0), chapter(1, "b", 5, 0)])
    XCTAssertEqual(clips.map(\.endInFile), [0, 0])
  }

  func testAFileWithoutAChapterGivesNoClips() {
    let three = twoFiles + [FileSpec(path: "c", duration: 5, size: 0)]
    XCTAssertEqual(buildChapterClips(specs: three, chapters: [chapter(0, "a", 0, 100), chapter(1, "b", 0, 50)]), [])
  }

  func testSyntheticChaptersNeedMoreThanOneAndAHalfIntervals() {
    XCTAssertEqual(synthesizeChapters(filePath: "f", total: 2000, interval: 1800), [])
    XCTAssertEqual(synthesizeChapters(filePath: "f", total: 2700, interval: 1800), [], "exactly 1.5× is not enough")
    XCTAssertEqual(synthesizeChapters(filePath: "f", total: 5400, interval: 0), [])
  }

  func testSyntheticChaptersAreEvenAndTheLastIsTheRest() {
    let chapters = synthesizeChapters(filePath: "f.m4b", total: 5401, interval: 1800)
    XCTAssertEqual(chapters.map(\.start), [0, 1800, 3600, 5400])
    XCTAssertEqual(chapters.map(\.bookOffset), [0, 1800, 3600, 5400])
    XCTAssertEqual(chapters.last?.end, 5401)
    XCTAssertEqual(chapters.map(\.index), [0, 1, 2, 3])
    XCTAssertEqual(Set(chapters.map(\.title)), [""])
    XCTAssertEqual(Set(chapters.map(\.filePath)), ["f.m4b"])
    XCTAssertEqual(Set(chapters.compactMap(\.fileIndex)), [0])
  }

  func testAnExactMultipleHasNoEmptyTrailingChapter() {
    XCTAssertEqual(synthesizeChapters(filePath: "f", total: 3600, interval: 1800).map(\.end), [1800, 3600])
  }
}
