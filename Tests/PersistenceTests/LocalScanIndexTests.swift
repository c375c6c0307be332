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
