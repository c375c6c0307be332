import Foundation
import HarkCore
import XCTest

/// Per-user listening state: progress (last write wins), bookmarks, notes,
/// history and favourites. Each test uses its own book path.
final class ClientListeningTests: ClientTestCase {

  private func save(
    _ position: Double, at date: Date, speed: Double = 1.25, device: String = "hark-a"
  )
    -> ProgressSave
  {
    ProgressSave(
      position: position, duration: 500, finished: false, playbackSpeed: speed, deviceID: device,
      updatedAt: Timestamp(date))
  }

  func testProgressLastWriteWins() async throws {
    let client = try await h.signedIn()
    let path = ClientHarness.m4bBook
    let unplayed = try await client.progress(libraryID: 1, path: path)
    XCTAssertNil(unplayed, "{progress: null} for a book never played")

    let t1 = Date().addingTimeInterval(-60)
    let first = try await client.saveProgress(libraryID: 1, path: path, save(100, at: t1))
    XCTAssertEqual(first.libraryID, 1)
    XCTAssertEqual(first.path, path)
    XCTAssertEqual(first.position, 100)
    XCTAssertEqual(first.duration, 500)
    XCTAssertEqual(first.playbackSpeed, 1.25)
    XCTAssertEqual(first.deviceID, "hark-a")
    XCTAssertEqual(first.version, 1)
    XCTAssertEqual(
      first.updatedAt.date?.timeIntervalSince1970 ?? 0, t1.timeIntervalSince1970, accuracy: 0.002)

    // An older save (say, replayed from another device's offline queue) loses
    // quietly: the answer is the stored row.
    let stale = try await client.saveProgress(
      libraryID: 1, path: path, save(50, at: t1.addingTimeInterval(-30), device: "hark-b"))
    XCTAssertEqual(stale, first)
    // Replaying the very same save is a no-op.
    let replay = try await client.saveProgress(libraryID: 1, path: path, save(100, at: t1))
    XCTAssertEqual(replay, first)

    let newer = try await client.saveProgress(
      libraryID: 1, path: path, save(200, at: t1.addingTimeInterval(30), speed: 0, device: "hark-b")
    )
    XCTAssertEqual(newer.position, 200)
    XCTAssertEqual(newer.version, 2)
    XCTAssertEqual(newer.deviceID, "hark-b")
    XCTAssertEqual(newer.playbackSpeed, 1, "a speed of 0 is stored as 1")

    let read = try await client.progress(libraryID: 1, path: path)
    XCTAssertEqual(read, newer)
    let all = try await client.progress()
    XCTAssertEqual(all.filter { $0.path == path }, [newer])

    let negative = await apiError {
      try await client.saveProgress(libraryID: 1, path: path, self.save(-1, at: Date()))
    }
    XCTAssertEqual(negative, .server(status: 400, message: "invalid position"))
  }

  func testBookmarks() async throws {
    let client = try await h.signedIn()
    let path = "Ingrid Marsh/The Long Night Watch"
    let later = try await client.addBookmark(libraryID: 1, path: path, position: 30, note: "first")
    XCTAssertEqual(later.note, "first")
    XCTAssertEqual(later.path, path)
    XCTAssertNotNil(later.createdAt.date)
    let earlier = try await client.addBookmark(libraryID: 1, path: path, position: 10.5)
    XCTAssertEqual(earlier.note, "")
    let listed = try await client.bookmarks(libraryID: 1, path: path)
    XCTAssertEqual(listed, [earlier, later], "listed by position")

    try await client.deleteBookmark(id: earlier.id)
    try await client.deleteBookmark(id: earlier.id)  // 204 even when already gone
    let left = try await client.bookmarks(libraryID: 1, path: path)
    XCTAssertEqual(left, [later])
    try await client.deleteBookmark(id: later.id)
    let none = try await client.bookmarks(libraryID: 1, path: path)
    XCTAssertEqual(none, [], "bookmarks: null reads as none")
  }

  func testNotes() async throws {
    let client = try await h.signedIn()
    let path = "Casimir Lindqvist/Songs of the Northern Rail"
    let pinned = try await client.addNote(
      libraryID: 1, path: path, position: 42.5, body: "Ünïcödé ✓ + / & =")
    XCTAssertEqual(pinned.body, "Ünïcödé ✓ + / & =")
    XCTAssertEqual(pinned.position, 42.5)
    let whole = try await client.addNote(libraryID: 1, path: path, body: "about the whole book")
    XCTAssertEqual(whole.position ?? 0, 0)
    XCTAssertNotNil(whole.updatedAt.date)
    let listed = try await client.notes(libraryID: 1, path: path)
    XCTAssertEqual(listed.map(\.id), [whole.id, pinned.id])

    let empty = await apiError { try await client.addNote(libraryID: 1, path: path, body: "  ") }
    XCTAssertEqual(empty, .server(status: 400, message: "body is required"))

    try await client.deleteNote(id: pinned.id)
    let left = try await client.notes(libraryID: 1, path: path)
    XCTAssertEqual(left, [whole])
  }

  func testHistory() async throws {
    let client = try await h.signedIn()
    let path = "Gapless/AAC"
    let now = Date()
    func span(_ from: Double, _ to: Double, startedAgo: Double) -> HistorySpan {
      HistorySpan(
        fromPosition: from, toPosition: to,
        startedAt: Timestamp(now.addingTimeInterval(-startedAgo)),
        endedAt: Timestamp(now.addingTimeInterval(-startedAgo + to - from)))
    }
    try await client.addHistory(libraryID: 1, path: path, span(0, 120, startedAgo: 600))
    try await client.addHistory(libraryID: 1, path: path, span(120, 300, startedAgo: 300))
    try await client.addHistory(libraryID: 1, path: "Gapless/FLAC", span(0, 60, startedAgo: 100))

    let book = try await client.bookHistory(libraryID: 1, path: path)
    XCTAssertEqual(book.map(\.fromPosition), [120, 0], "newest first")
    XCTAssertEqual(book.map(\.toPosition), [300, 120])
    XCTAssertTrue(book.allSatisfy { $0.libraryID == 1 && $0.path == path && $0.id > 0 })
    XCTAssertEqual(
      book[0].startedAt.date?.timeIntervalSince1970 ?? 0,
      now.addingTimeInterval(-300).timeIntervalSince1970,
      accuracy: 0.002)
    let latest = try await client.history(limit: 1)
    XCTAssertEqual(latest.map(\.path), ["Gapless/FLAC"])
    let all = try await client.history()
    XCTAssertEqual(all.count, 3)
    let limited = try await client.bookHistory(libraryID: 1, path: path, limit: 1)
    XCTAssertEqual(limited.map(\.fromPosition), [120])
  }

  func testFavourites() async throws {
    let client = try await h.signedIn()
    let book = "Rosalind Achterberg/The Tidewater Chronicles/Book 2"
    let folder = "Rosalind Achterberg/The Tidewater Chronicles"
    try await client.addFavourite(libraryID: 1, path: book)
    try await client.addFavourite(libraryID: 1, path: book)  // idempotent
    try await Task.sleep(for: .milliseconds(5))
    try await client.addFavourite(libraryID: 1, path: folder)

    let listed = try await client.favourites()
    XCTAssertEqual(listed.map(\.path), [folder, book], "newest first, no duplicate")
    XCTAssertEqual(listed.map(\.isBook), [false, true])
    XCTAssertNil(listed[0].title, "a plain folder has no book fields")
    XCTAssertEqual(listed[1].title, "The Drowned Bell")
    XCTAssertEqual(listed[1].seriesIndex, 2)

    try await client.removeFavourite(libraryID: 1, path: book)
    try await client.removeFavourite(libraryID: 1, path: book)  // idempotent
    let left = try await client.favourites()
    XCTAssertEqual(left.map(\.path), [folder])
    try await client.removeFavourite(libraryID: 1, path: folder)

    // A server without favourites answers 404: none, not an error.
    try await h.fault(#"{"path_prefix": "/api/v1/me/favourites", "status": 404, "count": 1}"#)
    let absent = try await client.favourites()
    XCTAssertEqual(absent, [])
  }
}
