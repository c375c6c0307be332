import XCTest

@testable import HarkCore

/// A renamed library folder is recognised by its audio files (paths in
/// it, sizes, modification times) and keeps its library id, so the places
/// and bookmarks of its books follow them.
final class LocalLibraryIdentityTests: XCTestCase {
  private func files(_ count: Int, modified: Double = 1_767_000_000.5) -> [LocalFileKey] {
    (0..<count).map { LocalFileKey(relPath: "Author/Book \($0)/01.mp3", size: Int64(1000 + $0), modified: modified) }
  }

  func testTheGoneFolderWithTheSameFilesIsTheOneRenamed() {
    let books = files(10)
    let other = files(3, modified: 5)
    let found = LocalLibraryIdentity.renamedFrom(
      files: books + [LocalFileKey(relPath: "Author/Book 0/cover.jpg", size: 9, modified: 1)],
      candidates: ["/home/ada/Other": Set(other), "/home/ada/Audiobooks": Set(books)])
    XCTAssertEqual(found, "/home/ada/Audiobooks")
  }

  func testAFewBooksAddedWithTheRenameStillCount() {
    let books = files(10)
    let added = books + [LocalFileKey(relPath: "New/01.mp3", size: 5, modified: 6)]
    XCTAssertEqual(LocalLibraryIdentity.renamedFrom(files: added, candidates: ["/old": Set(books)]), "/old")
  }

  func testTheSameBooksCopiedAfreshOrAnotherLibraryAreNotIt() {
    let books = files(10)
    // A fresh copy: every file has a new modification time.
    XCTAssertNil(LocalLibraryIdentity.renamedFrom(files: files(10, modified: 2), candidates: ["/old": Set(books)]))
    // Two books in common of ten.
    let mixed = Array(books.prefix(2)) + files(8, modified: 3).suffix(8)
    XCTAssertNil(LocalLibraryIdentity.renamedFrom(files: mixed, candidates: ["/old": Set(books)]))
    // No audio at all.
    XCTAssertNil(
      LocalLibraryIdentity.renamedFrom(
        files: [LocalFileKey(relPath: "cover.jpg", size: 1, modified: 1)], candidates: ["/old": []]))
  }
}
