import Foundation
import GRDB
import HarkCore
import XCTest

@testable import Persistence

/// Library ids are kept per folder: the folders of a database made before
/// keep the id they had (their path's hash), and a folder moved to a new
/// path takes its id, index and books along, so the listener's places,
/// bookmarks and history of its books (keyed by that id) are all still
/// theirs after a rename.
final class LocalLibraryIDsTests: XCTestCase {
  private var folder: ScratchFolder!
  private let old = "/home/ada/Audiobooks"
  private let renamed = "/home/ada/Books"
  private let time = Date(timeIntervalSince1970: 1_767_225_600)

  override func setUp() {
    folder = ScratchFolder()
  }

  private func scanned(_ store: ListeningStore, root: String) throws {
    let key = LocalFileKey(relPath: "Quill/Orchard/01.mp3", size: 4096, modified: 1_767_000_000.25)
    let book = Book(libraryID: LocalLibraryID.forFolder(root), relPath: "Quill/Orchard", title: "Orchard")
    try store.saveLocalScan(
      root: root, tracks: [key: LocalTrack(duration: 60, format: "mp3")],
      snapshot: LocalFolderSnapshot(books: [book], covers: [:]), at: time)
  }

  func testFoldersScannedBeforeIdsWereKeptKeepTheirPathsHash() throws {
    let path = folder.url.appendingPathComponent("listening.sqlite").path
    do {
      let before = try DatabaseQueue(path: path)
      try ListeningSchema.migrator.migrate(before, upTo: "v5-local-listening")
      try before.write { db in
        try db.execute(
          sql: "INSERT INTO local_scan_books (root, books, covers, scanned_at) VALUES (?, ?, ?, 0)",
          arguments: [old, Data("[]".utf8), Data("{}".utf8)])
      }
      try before.close()
    }
    let store = try ListeningStore(path: path)
    XCTAssertEqual(try store.localLibraryIDs(), [old: LocalLibraryID.forFolder(old)])
  }

  func testAMovedFolderKeepsItsIdIndexBooksAndTheListenersState() throws {
    let store = try ListeningStore(path: folder.databasePath)
    let id = LocalLibraryID.forFolder(old)
    try store.keepLocalLibraryID(root: old, id: id)
    try scanned(store, root: old)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: id, path: "Quill/Orchard")
    _ = try store.recordLocal(
      ProgressRecord(
        key: book, position: 42, duration: 60, finished: false, playbackSpeed: 1, deviceID: "here", updatedAt: time))
    try store.addLocalBookmark(book, position: 12.5, note: "the seed", at: time)
    let files = try store.localIndexedFiles()[old]

    XCTAssertEqual(try store.moveLocalLibrary(from: old, to: renamed), id)

    XCTAssertEqual(try store.localLibraryIDs(), [renamed: id])
    XCTAssertEqual(try store.localIndexedFiles(), [renamed: try XCTUnwrap(files)])
    XCTAssertEqual(try store.localSnapshot(root: renamed)?.books.map(\.relPath), ["Quill/Orchard"])
    XCTAssertNil(try store.localSnapshot(root: old))
    let same = LibraryPath(
      serverID: LocalSource.serverID, libraryID: try XCTUnwrap(store.localLibraryIDs()[renamed]), path: "Quill/Orchard")
    XCTAssertEqual(try store.mirror(key: same)?.position, 42)
    XCTAssertEqual(try store.localBookmarks(same).map(\.note), ["the seed"])
  }

  func testAFolderMovedBeforeIdsWereKeptTakesItsPathsHash() throws {
    let store = try ListeningStore(path: folder.databasePath)
    try scanned(store, root: old)
    try store.database.write { try $0.execute(sql: "DELETE FROM local_libraries") }
    XCTAssertEqual(try store.moveLocalLibrary(from: old, to: renamed), LocalLibraryID.forFolder(old))
    XCTAssertEqual(try store.localLibraryIDs(), [renamed: LocalLibraryID.forFolder(old)])
  }

  func testAnIdOnceKeptIsNotReplaced() throws {
    let store = try ListeningStore(path: folder.databasePath)
    try store.keepLocalLibraryID(root: renamed, id: -7)
    try store.keepLocalLibraryID(root: renamed, id: LocalLibraryID.forFolder(renamed))
    XCTAssertEqual(try store.localLibraryIDs(), [renamed: -7])
  }
}
