import Foundation
import HarkCore
import XCTest

/// Libraries, folder paging, keyset book paging, search and recent, against
/// the sample library (library 1) and a 2,500-book synthetic one (library 2).
final class ClientBrowsingTests: ClientTestCase {
  private static let syntheticCount = 2500
  private static let big = 2

  override class var harnessArguments: [String] { [
      "--rate", "1000", "--burst", "1000", "--synthetic-books", "\(syntheticCount)",
    ] }

  func testLibraries() async throws {
    let libraries = try await h.signedIn().libraries()
    XCTAssertEqual(libraries.map(\.id), [1, 2])
    XCTAssertEqual(libraries.map(\.name), ["Audiobooks", "Big Library"])
    XCTAssertEqual(libraries[0].root, h.library.root.path)
    XCTAssertEqual(libraries[1].defaultView, "books")
    XCTAssertEqual(libraries.map(\.sortOrder), [0, 1])
  }

  func testFolderListingPagesToTheEnd() async throws {
    let client = try await h.signedIn()
    let whole = try await client.browse(libraryID: 1, limit: 500)
    XCTAssertNil(whole.nextOffset)
    XCTAssertEqual(whole.total, whole.entries.count)
    XCTAssertGreaterThan(whole.entries.count, 4)

    var paged: [FsEntry] = []
    var offset: Int? = 0
    var pages = 0
    while let next = offset {
      let page = try await client.browse(libraryID: 1, path: "", offset: next, limit: 2)
      XCTAssertEqual(page.offset, next)
      XCTAssertEqual(page.total, whole.total)
      XCTAssertLessThanOrEqual(page.entries.count, 2)
      paged += page.entries
      offset = page.nextOffset
      pages += 1
      if pages > 50 { return XCTFail("fs paging did not end") }
    }
    XCTAssertEqual(paged, whole.entries)
    XCTAssertEqual(pages, (whole.total + 1) / 2)
    // Folders first, no dotfiles, no library.json.
    let firstFile = paged.firstIndex { !$0.isDir } ?? paged.endIndex
    XCTAssertTrue(paged[firstFile...].allSatisfy { !$0.isDir })
    XCTAssertFalse(paged.contains { $0.name.hasPrefix(".") || $0.name == "library.json" })

    // A book folder's entry carries the book's fields; its files are audio.
    let author = try await client.browse(libraryID: 1, path: "Marguerite Holloway")
    let book = try XCTUnwrap(author.entries.first)
    XCTAssertEqual(book.path, ClientHarness.multiFileBook)
    XCTAssertEqual(book.isBook, true)
    XCTAssertEqual(book.title, "The Lighthouse Keeper")
    let files = try await client.browse(libraryID: 1, path: ClientHarness.multiFileBook)
    XCTAssertEqual(files.entries.count, 4, "cover.jpg is not listed")
    XCTAssertTrue(files.entries.allSatisfy { $0.isAudio && $0.size > 0 && $0.modTime > 0 })

    // The big library's root is more than one default page of folders.
    let first = try await client.browse(libraryID: Self.big)
    XCTAssertEqual(first.entries.count, 200)
    XCTAssertEqual(first.total, Self.syntheticCount / 10)
    let second = try await client.browse(libraryID: Self.big, offset: first.nextOffset)
    XCTAssertNil(second.nextOffset)
    XCTAssertEqual(Set((first.entries + second.entries).map(\.path)).count, first.total)
  }

  /// Every sort, paged at the maximum to the end: every book exactly once,
  /// in the sort's order.
  func testAllEntriesDrainsEveryOffsetPage() async throws {
    let client = try await h.signedIn()
    let whole = try await client.browse(libraryID: Self.big, limit: 500)
    XCTAssertEqual(whole.entries.count, Self.syntheticCount / 10, "one folder per author")
    let since = try await h.lastSeq()
    let drained = try await client.allEntries(libraryID: Self.big, path: "", pageSize: 7)
    XCTAssertEqual(drained, whole.entries)
    let pages = try await h.requests(since: since).filter { $0.path == "/api/v1/libraries/\(Self.big)/fs" }
    XCTAssertEqual(pages.count, (whole.entries.count + 6) / 7)
    // A sub-folder by path, with the path's "/" encoded and surviving.
    let series = try await client.allEntries(libraryID: Self.big, path: "Author 0003/Series 2", pageSize: 2)
    XCTAssertEqual(series.map(\.name).sorted(), ["Book 1", "Book 2", "Book 3", "Book 4", "Book 5"])
    XCTAssertTrue(series.allSatisfy { $0.isBook == true })
  }

  func testBooksKeysetPagingEverySort() async throws {
    let client = try await h.signedIn()
    let expected = Set(
      (0..<Self.syntheticCount).map { i in
        "Author \(String(format: "%04d", i / 10))/Series \((i / 5) % 2 + 1)/Book \(i % 5 + 1)"
      })
    for sort in BookSort.allCases {
      let since = try await h.lastSeq()
      var books: [Book] = []
      var pages = 0
      for try await page in client.bookPages(libraryID: Self.big, sort: sort, pageSize: 200) {
        books += page
        pages += 1
      }
      XCTAssertEqual(pages, (Self.syntheticCount + 199) / 200, "\(sort)")
      XCTAssertEqual(books.count, Self.syntheticCount, "\(sort): duplicates or missing books")
      XCTAssertEqual(Set(books.map(\.relPath)), expected, "\(sort)")
      XCTAssertTrue(
        books.allSatisfy { $0.libraryID == Self.big && $0.isFolder && $0.format == "m4b" })
      for (a, b) in zip(books, books.dropFirst()) {
        switch sort {
        case .title:
          XCTAssertLessThanOrEqual(a.title.lowercased(), b.title.lowercased())
        case .recent:
          XCTAssertGreaterThanOrEqual(
            a.addedAt?.date ?? .distantPast, b.addedAt?.date ?? .distantPast)
        case .author:
          let keyA = [a.author, a.series, String(a.seriesIndex)]
          let keyB = [b.author, b.series, String(b.seriesIndex)]
          XCTAssertFalse(keyB.lexicographicallyPrecedes(keyA), "\(keyA) before \(keyB)")
        }
      }
      // Each page after the first sent the previous page's cursor verbatim.
      let sent = try await h.requests(since: since).filter {
        $0.path == "/api/v1/libraries/2/books"
      }
      XCTAssertEqual(sent.count, pages)
      XCTAssertNil(sent.first?.params["cursor"])
      XCTAssertTrue(sent.dropFirst().allSatisfy { $0.params["cursor"]?.isEmpty == false })
      XCTAssertTrue(
        sent.allSatisfy { $0.params["sort"] == sort.rawValue && $0.params["limit"] == "200" })
    }
  }

  func testBooksFiltersAndSmallPages() async throws {
    let client = try await h.signedIn()
    let byAuthor = try await client.allBooks(
      libraryID: Self.big, author: "author 0007", pageSize: 3)
    XCTAssertEqual(byAuthor.count, 10)
    XCTAssertTrue(byAuthor.allSatisfy { $0.author == "Author 0007" })
    let bySeries = try await client.allBooks(
      libraryID: Self.big, author: "Author 0007", series: "Series 2", sort: .title)
    XCTAssertEqual(bySeries.map(\.seriesIndex).sorted(), [1, 2, 3, 4, 5])

    // The sample library, one book per page, default sort.
    let sample = try await client.allBooks(libraryID: 1, pageSize: 1)
    XCTAssertEqual(Set(sample.map(\.relPath)), Set(h.library.books.map(\.path)))
    XCTAssertEqual(sample.count, h.library.books.count)

    let badCursor = await apiError {
      try await client.books(libraryID: Self.big, cursor: "not-a-cursor")
    }
    XCTAssertEqual(badCursor, .server(status: 400, message: "invalid cursor"))
    let titleCursor = try await client.books(libraryID: Self.big, sort: .title, limit: 5).nextCursor
    let otherSort = await apiError {
      try await client.books(libraryID: Self.big, sort: .recent, cursor: titleCursor)
    }
    XCTAssertEqual(otherSort, .server(status: 400, message: "invalid cursor"))
  }

  func testSearchSendsSlashAndPlusIntact() async throws {
    let client = try await h.signedIn()
    let since = try await h.lastSeq()
    let slash = try await client.search("Lighthouse/Keeper")
    XCTAssertEqual(slash.map(\.relPath), [ClientHarness.multiFileBook])
    XCTAssertEqual(slash.first?.multiFile, true)
    XCTAssertNotNil(slash.first?.dedupKey)
    XCTAssertEqual(slash.first?.otherLocations, [])
    let plus = try await client.search("Clockwork+Orch")
    XCTAssertEqual(plus.map(\.relPath), [ClientHarness.m4bBook])
    let none = try await client.search("Clockwork+Lighthouse")
    XCTAssertEqual(none, [])
    let limited = try await client.search("Author 00", limit: 7)
    XCTAssertEqual(limited.count, 7)
    let blank = try await client.search("  \n")
    XCTAssertEqual(blank, [], "a blank query is not sent")

    let sent = try await h.requests(since: since).filter { $0.path == "/api/v1/search" }
    XCTAssertEqual(
      sent.map { $0.params["q"] },
      ["Lighthouse/Keeper", "Clockwork+Orch", "Clockwork+Lighthouse", "Author 00"])
    XCTAssertEqual(
      sent.map(\.query),
      [
        "q=Lighthouse%2FKeeper", "q=Clockwork%2BOrch", "q=Clockwork%2BLighthouse",
        "q=Author+00&limit=7",
      ])
  }

  func testRecentIsNewestFirst() async throws {
    let recent = try await h.signedIn().recentBooks(limit: 5)
    XCTAssertEqual(recent.count, 5)
    let dates = recent.compactMap { $0.addedAt?.date }
    XCTAssertEqual(dates.count, 5)
    XCTAssertEqual(dates, dates.sorted(by: >))
    XCTAssertTrue(recent.allSatisfy { $0.dedupKey != nil })
  }
}
