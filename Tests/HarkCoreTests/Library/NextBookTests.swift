import XCTest

@testable import HarkCore

final class NextBookTests: XCTestCase {
  private func book(_ name: String, index: Double = 0) -> FsEntry {
    FsEntry(name: name, path: "Series/\(name)", isDir: true, isBook: true, seriesIndex: index)
  }

  private func folder(_ name: String) -> FsEntry {
    FsEntry(name: name, path: "Series/\(name)", isDir: true)
  }

  private func audio(_ name: String, isBook: Bool? = nil) -> FsEntry {
    FsEntry(name: name, path: "Series/\(name)", isDir: false, isAudio: true, isBook: isBook)
  }

  private func next(_ entries: [FsEntry], after path: String) -> String? {
    findNextSibling(entries: entries, currentPath: path)?.name
  }

  // REFERENCE-BEHAVIOR.md 4.2.

  func testTheNextBookByName() {
    let entries = [book("Book 1"), book("Book 2"), book("Book 3")]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
    XCTAssertEqual(next(entries, after: "Series/Book 2"), "Book 3")
  }

  func testTheLastBookHasNoNext() {
    XCTAssertNil(next([book("Book 1"), book("Book 2")], after: "Series/Book 2"))
  }

  func testOrderIsNaturalNotServerOrder() {
    let entries = [book("Book 10"), book("Book 2"), book("Book 1")]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
    XCTAssertEqual(next(entries, after: "Series/Book 2"), "Book 10")
  }

  func testSeriesIndexIsIgnored() {
    // Every index is 0, or even backwards: the names decide.
    XCTAssertEqual(
      next([book("SS02 - B"), book("SS01 - A")], after: "Series/SS01 - A"), "SS02 - B")
    XCTAssertEqual(
      next([book("SS01 - A", index: 2), book("SS02 - B", index: 1)], after: "Series/SS01 - A"),
      "SS02 - B")
  }

  func testLooseAudioAndPlainFilesAreIgnored() {
    let entries = [
      book("Book 1"), audio("Book 1a.mp3"),
      FsEntry(name: "Book 1b.txt", path: "Series/Book 1b.txt", isDir: false),
      book("Book 2"),
    ]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
  }

  func testASingleFileBookCanBeNext() {
    let entries = [book("Book 1"), audio("Book 2.m4b", isBook: true)]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2.m4b")
  }

  func testABookIsPreferredOverAnEarlierFolder() {
    let entries = [book("Book 1"), folder("Book 1 Extras"), book("Book 2")]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
  }

  func testATrailingExtrasFolderIsNotANextBook() {
    let entries = [book("Book 1"), book("Book 2"), folder("Extras")]
    XCTAssertNil(next(entries, after: "Series/Book 2"))
  }

  func testMidScanTheNextFolderIsTheGuess() {
    // Nothing indexed yet: no entry is a book.
    let entries = [folder("Book 1"), folder("Book 3"), folder("Book 2")]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
    XCTAssertNil(next(entries, after: "Series/Book 3"))
  }

  func testMidScanLooseFilesAreStillIgnored() {
    let entries = [folder("Book 1"), audio("Book 2.mp3")]
    XCTAssertNil(next(entries, after: "Series/Book 1"))
  }

  func testTheCurrentEntryItselfNeverFollows() {
    // A trailing slash changes the path string but not the leaf.
    let entries = [book("Book 1"), book("Book 2")]
    XCTAssertEqual(next(entries, after: "Series/Book 1/"), "Book 2")
  }

  func testCaseAndAccentVariantsOfTheCurrentNameDoNotFollow() {
    let entries = [book("Book 1"), book("book 1"), book("Book 2")]
    XCTAssertEqual(next(entries, after: "Series/Book 1"), "Book 2")
  }

  func testEqualNamesKeepServerOrder() {
    let first = FsEntry(name: "Book 02", path: "Series/a", isDir: true, isBook: true)
    let second = FsEntry(name: "Book 2", path: "Series/b", isDir: true, isBook: true)
    XCTAssertEqual(
      findNextSibling(entries: [first, second], currentPath: "Series/Book 1")?.path, "Series/a")
    XCTAssertEqual(
      findNextSibling(entries: [second, first], currentPath: "Series/Book 1")?.path, "Series/b")
  }

  func testEmptyInputs() {
    XCTAssertNil(findNextSibling(entries: [], currentPath: "Series/Book 1"))
    // From the library root, the leaf is "" and everything follows it.
    XCTAssertEqual(next([book("B"), book("A")], after: ""), "A")
  }

  func testRightToLeftAndEmojiNames() {
    let arabic = [book("كتاب 10"), book("كتاب 2"), book("كتاب 1")]
    XCTAssertEqual(next(arabic, after: "Series/كتاب 2"), "كتاب 10")
    let emoji = [book("🐉 1"), book("🐉 2")]
    XCTAssertEqual(next(emoji, after: "Series/🐉 1"), "🐉 2")
  }
}
