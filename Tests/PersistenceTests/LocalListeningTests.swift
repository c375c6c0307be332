import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// A book on this computer has no server: its place goes to the mirror
/// only, never into the queue a flush would send somewhere.
final class LocalProgressTests: XCTestCase {
  func testAPlaceOnThisComputerIsMirroredAndNeverQueued() async throws {
    let folder = ScratchFolder()
    let store = try ListeningStore(path: folder.databasePath)
    let syncer = ProgressSyncer(store: store, clients: { _ in nil })
    let key = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    let record = ProgressRecord(
      key: key, position: 42, duration: 100, finished: false, playbackSpeed: 1.25, deviceID: "here",
      updatedAt: Date(timeIntervalSince1970: 1_767_225_600))
    let outcome = try await syncer.save(record)
    XCTAssertEqual(outcome, .keptHere)
    XCTAssertEqual(try store.pendingSaves(serverID: LocalSource.serverID), [])
    XCTAssertEqual(try store.mirror(key: key)?.position, 42)
    let resume = await syncer.resume(key)
    XCTAssertEqual(resume, .progress(try XCTUnwrap(store.mirror(key: key))))
  }
}

/// Bookmarks and notes of a book on this computer are kept here, per book.
final class LocalAnnotationsTests: XCTestCase {
  func testBookmarksAndNotesAreKeptPerBookAndDeleted() throws {
    let folder = ScratchFolder()
    let store = try ListeningStore(path: folder.databasePath)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    let other = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Bell")
    let time = Date(timeIntervalSince1970: 1_767_225_600)
    try store.addLocalBookmark(book, position: 12.5, note: "the seed", at: time)
    try store.addLocalBookmark(book, position: 3, note: "", at: time)
    try store.addLocalBookmark(other, position: 1, note: "", at: time)
    try store.addLocalNote(book, body: "*Lovely* opening", at: time)
    let reopened = try ListeningStore(path: folder.databasePath)
    let marks = try reopened.localBookmarks(book)
    XCTAssertEqual(marks.map(\.position), [12.5, 3])
    XCTAssertEqual(marks.first?.note, "the seed")
    XCTAssertEqual(marks.first?.createdAt.date, time)
    XCTAssertEqual(try reopened.localNotes(book).map(\.body), ["*Lovely* opening"])
    try reopened.deleteLocalBookmark(id: marks[0].id)
    XCTAssertEqual(try reopened.localBookmarks(book).map(\.position), [3])
    XCTAssertEqual(try reopened.localBookmarks(other).count, 1)
    try reopened.deleteLocalNote(id: try reopened.localNotes(book)[0].id)
    XCTAssertEqual(try reopened.localNotes(book), [])
  }
}

final class LocalFavouritesTests: XCTestCase {
  func testAFavouriteIsKeptUntilUnstarred() throws {
    let folder = ScratchFolder()
    let store = try ListeningStore(path: folder.databasePath)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    try store.setLocalFavourite(book, true, at: Date(timeIntervalSince1970: 10))
    try store.setLocalFavourite(book, true, at: Date(timeIntervalSince1970: 20))  // starred twice: once
    let kept = try ListeningStore(path: folder.databasePath).localFavourites(serverID: LocalSource.serverID)
    XCTAssertEqual(kept.map(\.path), ["Quill/Orchard"])
    XCTAssertEqual(kept.first?.createdAt, Date(timeIntervalSince1970: 10))
    try store.setLocalFavourite(book, false, at: Date())
    XCTAssertTrue(try store.localFavourites(serverID: LocalSource.serverID).isEmpty)
  }
}

final class LocalHistoryTests: XCTestCase {
  func testSpansHeardAreListedNewestFirst() throws {
    let folder = ScratchFolder()
    let store = try ListeningStore(path: folder.databasePath)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    func at(_ seconds: Double) -> Timestamp { Timestamp(Date(timeIntervalSince1970: 1_767_225_600 + seconds)) }
    try store.addLocalHistory(book, HistorySpan(fromPosition: 0, toPosition: 30, startedAt: at(0), endedAt: at(30)))
    try store.addLocalHistory(book, HistorySpan(fromPosition: 25, toPosition: 60, startedAt: at(100), endedAt: at(135)))
    let history = try store.localHistory(book)
    XCTAssertEqual(history.map(\.fromPosition), [25, 0])
    XCTAssertEqual(history.first?.endedAt.date, at(135).date)
    XCTAssertEqual(try store.localHistory(book, limit: 1).count, 1)
  }
}
