import Foundation
import HarkCore
import XCTest

/// The Player page is selected on every engine report (four a second): for
/// the same book it must hand out the chapter arrays laid out when the book
/// loaded, not build them again each time.
final class PlayerPageStorageTests: XCTestCase {
  private let path = LibraryPath(serverID: "a", libraryID: 1, path: "Long/Book")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  private func playingLongBook() -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    let chapters = (0..<50).map { index in
      Chapter(
        index: index, title: "Part \(index + 1)", filePath: "Long/Book/book.m4b", start: Double(index) * 60,
        end: Double(index + 1) * 60)
    }
    let book = Book(
      libraryID: 1, relPath: path.path, isFolder: true, title: "Long", duration: 3000,
      files: [BookFile(relPath: "Long/Book/book.m4b", duration: 3000)], chapters: chapters)
    state.library.books[path] = .loaded(book)
    _ = reduce(&state, .player(.playRequested(path, .position(0), at: t0)))
    return state
  }

  private func report(_ state: inout AppState, at position: Double) {
    let snapshot = EngineSnapshot(state: .playing, position: position, duration: 3000, seekID: SeekID(1))
    _ = reduce(&state, .player(.playback(.engineReported(snapshot), at: t0)))
  }

  private func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  func testTwoReportsOfTheSameBookShareTheChapterArrays() throws {
    var state = playingLongBook()
    report(&state, at: 100)
    let first = try XCTUnwrap(selectPlayerPage(state))
    report(&state, at: 1900)
    let second = try XCTUnwrap(selectPlayerPage(state))
    XCTAssertNotEqual(first.currentChapter, second.currentChapter, "the reports are in different chapters")
    XCTAssertEqual(first.chapters.count, 50)
    XCTAssertEqual(storage(first.chapters), storage(second.chapters), "the titles")
    XCTAssertEqual(storage(first.chapterStarts), storage(second.chapterStarts), "the starts")
    XCTAssertEqual(storage(first.seekBar.chapters), storage(second.seekBar.chapters), "the seek bar's chapters")
  }
}
