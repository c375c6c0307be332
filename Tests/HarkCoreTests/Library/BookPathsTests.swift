import XCTest

@testable import HarkCore

final class BookPathsTests: XCTestCase {
  // REFERENCE-BEHAVIOR.md 13.

  func testPathLeaf() {
    let cases = [
      ("", ""), ("Author", "Author"), ("Author/Series/Book", "Book"), ("Author/Book/", "Book"),
      ("/", ""), ("//Author//Book//", "Book"), ("/Author", "Author"),
      ("مؤلف/كتاب 2", "كتاب 2"), ("📚/🐉 Book", "🐉 Book"), ("a b/c d", "c d"),
    ]
    for (path, expected) in cases {
      XCTAssertEqual(pathLeaf(path), expected, path)
    }
  }

  func testParentPath() {
    let cases = [
      ("", ""), ("Author", ""), ("Author/Series/Book", "Author/Series"), ("Author/Book/", "Author"),
      ("/", ""), ("Author//Series///Book", "Author/Series"), ("/Author/Book", "Author"),
      ("مؤلف/كتاب 2", "مؤلف"),
    ]
    for (path, expected) in cases {
      XCTAssertEqual(parentPath(path), expected, path)
    }
  }
}
