import Foundation
import XCTest

@testable import HarkCore

/// The Book page's chapters and what its folder says, kept between the
/// seconds a book plays: the same page as without the cache at every step,
/// the rows worked out again only when the book, the chapter playing or the
/// made-up chapters' length changes, the folder read again only when the
/// library's lists could change.
final class BookPageCacheTests: XCTestCase {
  private let target = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let other = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Long Night")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  /// Three chapters of 60 s in one file.
  private var book: Book {
    oneFileBook(target, title: "A Clockwork Orchard", file: "book.m4b", chapters: (1...3).map { ("Part \($0)", 60) })
  }

  /// Two hours and no chapter marks: Hark makes chapters of the set length.
  private var chapterless: Book {
    Book(
      libraryID: 1, relPath: other.path, title: "The Long Night", duration: 7200,
      files: [BookFile(relPath: "Quill/Long Night/night.mp3", duration: 7200)], chapters: [])
  }

  private func playing() -> AppState {
    playingFromItsPage(target, book, at: t0)
  }

  private func report(_ state: inout AppState, _ engine: EngineState = .playing, at position: Double) {
    reportEngine(&state, engine, at: position, duration: 180, after: position, since: t0)
  }

  /// The page through `cache`, after checking it matches the page without one.
  private func page(_ state: AppState, _ cache: BookPageCache) throws -> BookPageView {
    let cached = try XCTUnwrap(selectBookPage(state, now: t0, cache: cache))
    XCTAssertEqual(cached, selectBookPage(state, now: t0))
    return cached
  }

  private func sameStorage(_ a: [ChapterRow], _ b: [ChapterRow]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  func testTheSameRowsComeBackWhileTheChapterPlays() throws {
    var state = playing()
    let cache = BookPageCache()
    report(&state, at: 10)
    let first = try page(state, cache).chapters
    XCTAssertEqual(first.map(\.status), [.current, .ahead, .ahead])
    report(&state, at: 11)
    let next = try page(state, cache)
    XCTAssertEqual(next.extras?.resume, "Now at Part 1 · 0:11 · 2m left")
    XCTAssertTrue(sameStorage(first, next.chapters), "the rows were worked out again for a second of playing")
  }

  func testTheRowsFollowTheChapterAndTheEnd() throws {
    var state = playing()
    let cache = BookPageCache()
    report(&state, at: 10)
    let first = try page(state, cache).chapters
    report(&state, at: 70)
    let second = try page(state, cache).chapters
    XCTAssertEqual(second.map(\.status), [.listened, .current, .ahead])
    XCTAssertFalse(sameStorage(first, second))
    report(&state, at: 179)
    report(&state, .ended, at: 180)
    XCTAssertEqual(try page(state, cache).chapters.map(\.status), [.listened, .listened, .listened])
  }

  func testAnotherBookOrAnotherChapterLengthGetsItsOwnRows() throws {
    var state = playing()
    let cache = BookPageCache()
    report(&state, at: 10)
    XCTAssertEqual(try page(state, cache).chapters.map(\.title), ["Part 1", "Part 2", "Part 3"])
    _ = reduce(&state, .library(.bookOpened(other)))
    _ = reduce(&state, .library(.bookLoaded(other, .success(chapterless))))
    _ = reduce(&state, .library(.resumeLoaded(other, .empty)))
    state.settings.virtualChapterMinutes = 30
    XCTAssertEqual(try page(state, cache).chapters.count, 4)
    state.settings.virtualChapterMinutes = 60
    XCTAssertEqual(try page(state, cache).chapters.count, 2)
  }

  func testTheBooksFolderIsReadAgainOnlyWhenTheListsCouldChange() throws {
    var state = playing()
    let folder = target.at("Quill")
    _ = reduce(&state, .library(.folderLoaded(folder, .success([
      FsEntry(name: "Orchard", path: target.path, isDir: true, isBook: true, title: "A Clockwork Orchard"),
      FsEntry(name: "Orchard II", path: other.path, isDir: true, isBook: true, title: "The Long Night"),
    ]))))
    let cache = BookPageCache()
    report(&state, at: 1)
    XCTAssertEqual(try page(state, cache).upNext?.title, "The Long Night")
    for second in 2...12 {
      report(&state, at: Double(second))
      XCTAssertEqual(try page(state, cache).upNext?.title, "The Long Night")
    }
    XCTAssertEqual(cache.folderReads, 1, "the folder was read again while the book played (and saved its place)")

    state.connections.unreachable.insert("a")
    XCTAssertEqual(try page(state, cache).upNext?.needsServer, "Needs “Home” — not downloaded")
    XCTAssertEqual(cache.folderReads, 2)
  }
}
