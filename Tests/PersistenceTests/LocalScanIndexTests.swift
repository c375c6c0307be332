import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

@testable import Persistence

/// The scan index makes a rescan of an unchanged folder open no audio
/// file, even after a restart (a new store on the same database).
final class LocalScanIndexTests: XCTestCase {
  private var folder: ScratchFolder!
  private var root: URL!

  override func setUpWithError() throws {
    folder = ScratchFolder()
    root = folder.url.appendingPathComponent("Audiobooks")
    let library = try SampleLibrary.load()
    let sample = try XCTUnwrap(library.book("series-1"))
    for book in ["Author/One", "Author/Two"] {
      let target = root.appendingPathComponent(book)
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: library.root.appendingPathComponent(sample.files[0].path), to: target.appendingPathComponent("01.mp3"))
    }
  }

  private func scanAndSave(_ store: ListeningStore) throws -> LocalScanResult {
    let result = LocalLibraryScanner(root: root).scanBlocking(known: try store.localTracks(root: root.path))
    try store.saveLocalScan(
      root: root.path, tracks: result.tracks,
      snapshot: LocalFolderSnapshot(books: result.books, covers: result.covers), at: Date())
    return result
  }

  func testARescanAfterARestartReadsNoFile() throws {
    let first = try scanAndSave(try ListeningStore(path: folder.databasePath))
    XCTAssertEqual(first.filesRead, 2)
    let reopened = try ListeningStore(path: folder.databasePath)
    let again = try scanAndSave(reopened)
    XCTAssertEqual(again.filesRead, 0)
    XCTAssertEqual(again.books, first.books)
    XCTAssertEqual(try reopened.localSnapshot(root: root.path)?.books, first.books)
  }

  func testAChangedFileIsReadAgainAndAGoneOneLeavesTheIndex() throws {
    let store = try ListeningStore(path: folder.databasePath)
    _ = try scanAndSave(store)
    try FileManager.default.removeItem(at: root.appendingPathComponent("Author/One"))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
      ofItemAtPath: root.appendingPathComponent("Author/Two/01.mp3").path)
    let again = try scanAndSave(store)
    XCTAssertEqual(again.filesRead, 1)
    XCTAssertEqual(try store.localTracks(root: root.path).keys.map(\.relPath), ["Author/Two/01.mp3"])
  }

  func testFoldersAreKeptApart() throws {
    let store = try ListeningStore(path: folder.databasePath)
    _ = try scanAndSave(store)
    XCTAssertEqual(try store.localTracks(root: root.path + "-elsewhere"), [:])
    XCTAssertNil(try store.localSnapshot(root: root.path + "-elsewhere"))
  }
}

/// A book on this computer has no server: its place goes to the mirror
/// only, never into the queue a flush would send somewhere.
final class LocalProgressTests: XCTestCase {
  func testAPlaceOnThisComputerIsMirroredAndNeverQueued() async throws {
    let folder = ScratchFolder()
    let store = try ListeningStore(path: folder.databasePath)
    let syncer = ProgressSyncer(store: store, clients: { _ in nil })
    let key = ContentKey(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
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
    let book = ContentKey(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    let other = ContentKey(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Bell")
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
    let book = ContentKey(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
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
    let book = ContentKey(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")
    func at(_ seconds: Double) -> Timestamp { Timestamp(Date(timeIntervalSince1970: 1_767_225_600 + seconds)) }
    try store.addLocalHistory(book, HistorySpan(fromPosition: 0, toPosition: 30, startedAt: at(0), endedAt: at(30)))
    try store.addLocalHistory(book, HistorySpan(fromPosition: 25, toPosition: 60, startedAt: at(100), endedAt: at(135)))
    let history = try store.localHistory(book)
    XCTAssertEqual(history.map(\.fromPosition), [25, 0])
    XCTAssertEqual(history.first?.endedAt.date, at(135).date)
    XCTAssertEqual(try store.localHistory(book, limit: 1).count, 1)
  }
}
