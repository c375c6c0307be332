import Foundation
import XCTest

@testable import HarkCore

/// The scans answer what a server's library routes answer.
final class LocalCatalogTests: XCTestCase {
  private func book(_ path: String, _ title: String, author: String = "Quill", added: Double = 0) -> Book {
    Book(
      libraryID: -1, relPath: path, isFolder: true, title: title, author: author,
      addedAt: Timestamp(Date(timeIntervalSince1970: added)))
  }

  private var catalog: LocalCatalog {
    var catalog = LocalCatalog()
    catalog.replace(
      libraryID: -1,
      books: [
        book("Quill/Orchard", "A Clockwork Orchard", added: 3),
        book("Quill/Series/01 Bell", "The Drowned Bell", added: 1),
        book("Lone.m4b", "Lone Voyage", author: "Marsh", added: 2),
      ], covers: ["Quill/Orchard": "Quill/Orchard/cover.jpg"])
    return catalog
  }

  func testAFolderListsItsSubfoldersAndBooks() {
    let root = catalog.entries(libraryID: -1, folder: "")
    XCTAssertEqual(root?.map(\.name), ["Lone.m4b", "Quill"])
    XCTAssertEqual(root?.map(\.isBook), [true, false])
    let quill = catalog.entries(libraryID: -1, folder: "Quill")
    XCTAssertEqual(quill?.map(\.path), ["Quill/Orchard", "Quill/Series"])
    XCTAssertEqual(quill?.first?.title, "A Clockwork Orchard")
    XCTAssertNil(catalog.entries(libraryID: -1, folder: "Gone"))
    XCTAssertEqual(catalog.entries(libraryID: -2, folder: ""), [])
  }

  func testSearchFindsEveryWordIgnoringCaseAndAccents() {
    XCTAssertEqual(catalog.search("clockwork QUILL", limit: 10).map(\.title), ["A Clockwork Orchard"])
    XCTAssertEqual(catalog.search("marsh", limit: 10).map(\.title), ["Lone Voyage"])
    XCTAssertEqual(catalog.search("   ", limit: 10), [])
  }

  func testAllBooksComesInPagesAndRecentIsNewestFirst() {
    let query = BookListQuery(serverID: LocalSource.serverID, libraryID: -1, sort: .title)
    let first = catalog.page(query, cursor: nil, limit: 2)
    XCTAssertEqual(first.books.map(\.title), ["A Clockwork Orchard", "Lone Voyage"])
    let second = catalog.page(query, cursor: first.nextCursor, limit: 2)
    XCTAssertEqual(second.books.map(\.title), ["The Drowned Bell"])
    XCTAssertNil(second.nextCursor)
    XCTAssertEqual(catalog.recent(limit: 2).map(\.title), ["A Clockwork Orchard", "Lone Voyage"])
    let byMarsh = BookListQuery(serverID: LocalSource.serverID, libraryID: -1, author: "Marsh")
    XCTAssertEqual(catalog.page(byMarsh, cursor: nil, limit: 10).books.map(\.title), ["Lone Voyage"])
  }
}
