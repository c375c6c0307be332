import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// The library as last seen: what is kept is what a later start reads, the
/// cache stays under its cap, a server signed out of leaves nothing, and
/// only a call that got no answer is answered from it.
final class LibraryCacheTests: XCTestCase {
  private var folder: ScratchFolder!

  override func setUp() { folder = ScratchFolder() }
  override func tearDown() { folder = nil }

  private let shelf = LibraryPath(serverID: "s1", libraryID: 2, path: "Will Wight/Cradle")
  private var book: LibraryPath { shelf.at("Will Wight/Cradle/Soulsmith") }

  private func store() throws -> ListeningStore { try ListeningStore(path: folder.databasePath) }

  private static let soulsmith = Book(
    libraryID: 2, relPath: "Will Wight/Cradle/Soulsmith", isFolder: true, title: "Soulsmith", author: "Will Wight",
    files: [
      BookFile(relPath: "Will Wight/Cradle/Soulsmith/01.mp3", seq: 1, duration: 600, size: 9000),
      BookFile(relPath: "Will Wight/Cradle/Soulsmith/02.mp3", seq: 2, duration: 700, size: 9100),
    ],
    chapters: [
      Chapter(index: 0, title: "Prologue", fileIndex: 0, filePath: "Will Wight/Cradle/Soulsmith/01.mp3", start: 0, end: 600),
      Chapter(index: 1, title: "One", fileIndex: 1, filePath: "Will Wight/Cradle/Soulsmith/02.mp3", start: 0, end: 700),
    ])

  private static let entries = [
    FsEntry(name: "Soulsmith", path: "Will Wight/Cradle/Soulsmith", isDir: true, isBook: true, title: "Soulsmith",
      author: "Will Wight", series: "Cradle", seriesIndex: 2, duration: 1300),
    FsEntry(name: "notes.txt", path: "Will Wight/Cradle/notes.txt", isDir: false, size: 12),
  ]

  /// A clock the test moves by hand.
  private final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double = 1_767_225_600
    var now: Date { lock.withLock { Date(timeIntervalSince1970: seconds) } }
    func advance(_ by: Double) { lock.withLock { seconds += by } }
  }

  func testEachKindOfAnswerIsReadBackAfterAReopenWithItsFetchTime() throws {
    let clock = Clock()
    let progress = [
      ProgressRow(
        libraryID: 2, path: book.path, position: 42.5, duration: 1300, playbackSpeed: 1.25, version: 3,
        deviceID: "phone", updatedAt: Timestamp(rawValue: "2026-01-01T00:00:00.250Z"))
    ]
    let favourites = [Favourite(libraryID: 2, path: book.path, isBook: true, title: "Soulsmith", duration: 1300)]
    let page = BooksPage(books: [Self.soulsmith], nextCursor: "abc")
    let query = BookListQuery(serverID: "s1", libraryID: 2, sort: .title, author: "Will Wight")
    do {
      let cache = LibraryCache(store: try store(), now: { clock.now })
      cache.remember([Library(id: 2, name: "Audiobooks")], for: .libraries("s1"))
      cache.remember(Self.entries, for: .folder(shelf))
      cache.remember(Self.soulsmith, for: .book(book))
      cache.remember(progress, for: .shelf(.progress, serverID: "s1"))
      cache.remember([Self.soulsmith], for: .shelf(.recent, serverID: "s1"))
      cache.remember(favourites, for: .shelf(.favourites, serverID: "s1"))
      cache.remember(page, for: .booksPage(query, cursor: nil))
      cache.waitForWrites()
    }
    let cache = LibraryCache(store: try store())
    XCTAssertEqual(cache.recall([Library].self, for: .libraries("s1"))?.value, [Library(id: 2, name: "Audiobooks")])
    XCTAssertEqual(cache.recall([FsEntry].self, for: .folder(shelf))?.value, Self.entries)
    let kept = try XCTUnwrap(cache.recall(Book.self, for: .book(book)))
    XCTAssertEqual(kept.value, Self.soulsmith, "the book with its files and chapters")
    XCTAssertEqual(kept.fetchedAt, clock.now)
    XCTAssertEqual(cache.recall([ProgressRow].self, for: .shelf(.progress, serverID: "s1"))?.value, progress)
    XCTAssertEqual(cache.recall([Book].self, for: .shelf(.recent, serverID: "s1"))?.value, [Self.soulsmith])
    XCTAssertEqual(cache.recall([Favourite].self, for: .shelf(.favourites, serverID: "s1"))?.value, favourites)
    XCTAssertEqual(cache.recall(BooksPage.self, for: .booksPage(query, cursor: nil))?.value, page)
    XCTAssertNil(cache.recall(BooksPage.self, for: .booksPage(query, cursor: "abc")), "another page")
    var bySeries = query
    bySeries.author = nil
    bySeries.series = "Will Wight"
    XCTAssertNil(cache.recall(BooksPage.self, for: .booksPage(bySeries, cursor: nil)), "another filter, same text")
    XCTAssertNil(cache.recall([FsEntry].self, for: .folder(shelf.at(""))), "another folder")
    XCTAssertNil(cache.recall([FsEntry].self, for: .folder(LibraryPath(serverID: "s2", libraryID: 2, path: shelf.path))))
  }

  func testANewerAnswerReplacesTheOneBefore() throws {
    let clock = Clock()
    let cache = LibraryCache(store: try store(), now: { clock.now })
    cache.remember(Self.entries, for: .folder(shelf))
    clock.advance(60)
    cache.remember(Array(Self.entries.prefix(1)), for: .folder(shelf))
    cache.waitForWrites()
    let kept = try XCTUnwrap(cache.recall([FsEntry].self, for: .folder(shelf)))
    XCTAssertEqual(kept.value, Array(Self.entries.prefix(1)))
    XCTAssertEqual(kept.fetchedAt, clock.now)
    XCTAssertEqual(try store().libraryCacheSize().rows, 1)
  }

  func testTheCacheKeepsUnderItsCapDroppingTheOldestFirst() throws {
    let store = try store()
    let answer = Data(repeating: 0x41, count: 100)
    let limits = LibraryCacheLimits(maxBytes: 1000, maxRows: 8)
    for index in 0..<20 {
      let key = LibraryCacheKey.folder(shelf.at("folder \(index)"))
      try store.saveCachedAnswer(answer, for: key, fetchedAt: Date(timeIntervalSince1970: Double(index)), limits: limits)
      let size = try store.libraryCacheSize()
      XCTAssertLessThanOrEqual(size.rows, 8)
      XCTAssertLessThanOrEqual(size.bytes, 1000)
    }
    XCTAssertNotNil(try store.cachedAnswer(for: .folder(shelf.at("folder 19"))), "the newest stays")
    XCTAssertNil(try store.cachedAnswer(for: .folder(shelf.at("folder 0"))), "the oldest went")
    let kept = try (0..<20).filter { try store.cachedAnswer(for: .folder(shelf.at("folder \($0)"))) != nil }
    XCTAssertEqual(kept, Array(kept.first!...19), "what stays is the newest run, oldest dropped first")

    // Bytes bind too: five more answers of 240 bytes cannot all stay under 1000.
    let big = Data(repeating: 0x42, count: 240)
    for index in 0..<5 {
      try store.saveCachedAnswer(
        big, for: .book(shelf.at("book \(index)")), fetchedAt: Date(timeIntervalSince1970: Double(100 + index)),
        limits: limits)
    }
    XCTAssertLessThanOrEqual(try store.libraryCacheSize().bytes, 1000)
    XCTAssertNotNil(try store.cachedAnswer(for: .book(shelf.at("book 4"))))

    // One answer larger than a quarter of the cap is not kept at all.
    XCTAssertFalse(
      try store.saveCachedAnswer(
        Data(count: 251), for: .folder(shelf), fetchedAt: Date(timeIntervalSince1970: 200), limits: limits))
    XCTAssertNil(try store.cachedAnswer(for: .folder(shelf)))
  }

  func testSigningOutDropsThatServersLibraryOnly() throws {
    let store = try store()
    let cache = LibraryCache(store: store)
    let other = LibraryPath(serverID: "s2", libraryID: 2, path: shelf.path)
    cache.remember(Self.entries, for: .folder(shelf))
    cache.remember(Self.soulsmith, for: .book(book))
    cache.remember([Library(id: 2, name: "Audiobooks")], for: .libraries("s1"))
    cache.remember(Self.entries, for: .folder(other))
    cache.forget(serverID: "s1")
    cache.waitForWrites()
    XCTAssertNil(cache.recall([FsEntry].self, for: .folder(shelf)))
    XCTAssertNil(cache.recall(Book.self, for: .book(book)))
    XCTAssertNil(cache.recall([Library].self, for: .libraries("s1")))
    XCTAssertEqual(cache.recall([FsEntry].self, for: .folder(other))?.value, Self.entries, "another server's stays")

    // Forgetting a server altogether drops its cache with its saves.
    try store.removeServer("s2")
    XCTAssertEqual(try store.libraryCacheSize().rows, 0)
  }

  func testANetworkFailureIsAnsweredFromTheCache() async throws {
    let clock = Clock()
    let cache = LibraryCache(store: try store(), now: { clock.now })
    let fresh = await cache.answer(.folder(shelf)) { () throws(APIError) in Self.entries }
    XCTAssertEqual(try fresh.get().value, Self.entries)
    XCTAssertNil(try fresh.get().lastSeen, "fresh from the server")
    cache.waitForWrites()
    let seenAt = clock.now
    clock.advance(3600)

    for failure in [APIError.unreachable("connection refused"), .timedOut] {
      let offline = await cache.answer(.folder(shelf)) { () throws(APIError) -> [FsEntry] in throw failure }
      let answer = try offline.get()
      XCTAssertEqual(answer.value, Self.entries, "\(failure)")
      XCTAssertEqual(answer.lastSeen, seenAt, "as last seen, with when")
      XCTAssertEqual(answer.standsInFor, failure, "reachability still hears of it")
    }
    // Nothing kept for another folder: the failure stands.
    let unseen = await cache.answer(.folder(shelf.at(""))) { () throws(APIError) -> [FsEntry] in
      throw .unreachable("connection refused")
    }
    XCTAssertEqual(unseen.failureValue, .unreachable("connection refused"))
  }

  func testAServersOwnAnswerIsNeverCoveredUp() async throws {
    let cache = LibraryCache(store: try store())
    _ = await cache.answer(.book(book)) { () throws(APIError) in Self.soulsmith }
    cache.waitForWrites()
    for failure in [
      APIError.server(status: 404, message: "not found"), .server(status: 401, message: "Request failed"),
      .server(status: 500, message: "boom"), .invalidResponse("not JSON"), .certificateRejected("self-signed"),
      .cancelled,
    ] {
      let answered = await cache.answer(.book(book)) { () throws(APIError) -> Book in throw failure }
      XCTAssertEqual(answered.failureValue, failure, "a \(failure) says something the cache cannot know")
    }
  }

  func testAnAnswerIsNotKeptWhenTheServerIsNoLongerOneToKeep() async throws {
    let cache = LibraryCache(store: try store())
    _ = await cache.answer(.folder(shelf), keep: { false }) { () throws(APIError) in Self.entries }
    cache.waitForWrites()
    XCTAssertNil(cache.recall([FsEntry].self, for: .folder(shelf)), "signed out while the answer came")
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
