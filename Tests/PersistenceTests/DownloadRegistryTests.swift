import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// The downloads registry in the listening database: what is written is
/// what a later start reads, status and manifest together.
final class DownloadRegistryTests: XCTestCase {
  private var folder: ScratchFolder!

  override func setUp() { folder = ScratchFolder() }
  override func tearDown() { folder = nil }

  private func entry(_ path: String, at seconds: Double, status: DownloadStatus = .queued) -> DownloadEntry {
    let book = Book(
      libraryID: 2, relPath: path, isFolder: true, title: "Title of \(path)", author: "Ada",
      files: [BookFile(relPath: "\(path)/1.mp3", seq: 1, duration: 61.5, size: 1000)],
      chapters: [Chapter(index: 0, title: "One", fileIndex: 0, filePath: "\(path)/1.mp3", start: 0, end: 61.5)])
    var entry = DownloadEntry.queued(
      key: LibraryPath(serverID: "s1", libraryID: 2, path: path), book: book,
      root: folder.url.appendingPathComponent("downloads"), at: Date(timeIntervalSince1970: seconds))
    entry.status = status
    return entry
  }

  func testEntriesSurviveAReopenWithTheirManifest() throws {
    var downloaded = entry("A/Book", at: 10, status: .downloaded)
    downloaded.files[0].complete = true
    downloaded.files[0].validator = "Wed, 21 Oct 2026 07:28:00 GMT"
    downloaded.cover = "cover"
    downloaded.savedAt = Date(timeIntervalSince1970: 20)
    let waiting = entry("B/Book", at: 5)
    do {
      let store = try ListeningStore(path: folder.databasePath)
      try store.saveDownload(downloaded)
      try store.saveDownload(waiting)
    }
    let reopened = try ListeningStore(path: folder.databasePath)
    let read = try reopened.downloads()
    XCTAssertEqual(read, [waiting, downloaded], "oldest request first, every field kept")
    XCTAssertEqual(read.last?.book.chapters.first?.title, "One")
    XCTAssertNotNil(read.last?.localCopy)
  }

  func testASaveReplacesTheBooksEntryAndADeleteForgetsIt() throws {
    let store = try ListeningStore(path: folder.databasePath)
    var book = entry("A/Book", at: 10)
    try store.saveDownload(book)
    book.status = .paused
    try store.saveDownload(book)
    XCTAssertEqual(try store.downloads().map(\.status), [.paused])
    try store.deleteDownload(book.key)
    XCTAssertEqual(try store.downloads(), [])
  }

  func testAnEntryThisBuildCannotReadIsSkippedNotFatal() throws {
    let store = try ListeningStore(path: folder.databasePath)
    try store.saveDownload(entry("A/Book", at: 10))
    try store.database.write {
      try $0.execute(
        sql: "INSERT INTO downloads VALUES ('s1', 2, 'B/Book', 'queued', X'7B7D', 11)")
    }
    XCTAssertEqual(try store.downloads().map(\.key.path), ["A/Book"])
  }
}
