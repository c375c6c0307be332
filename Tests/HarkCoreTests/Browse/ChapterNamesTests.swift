import Foundation
import HarkCore
import XCTest

/// A chapter is called the same everywhere it shows: the Book page's list,
/// the resume line, bookmarks, the Player page, its chapter list and sleep
/// menu, and the mini-player. Chapters without titles (the evenly spaced
/// ones of a long chapterless file) are "Chapter N", never blank.
final class ChapterNamesTests: XCTestCase {
  private let target = LibraryPath(serverID: "a", libraryID: 1, path: "Marsh/The Long Night Watch")
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// 70 minutes in one file, no chapter marks: three 30-minute virtual
  /// chapters at the default interval (the last one 10 minutes).
  private var book: Book {
    Book(
      libraryID: 1, relPath: target.path, title: "The Long Night Watch", duration: 4200,
      files: [BookFile(relPath: "\(target.path)/watch.m4b", duration: 4200)])
  }

  private func opened() -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    _ = reduce(&state, .library(.bookOpened(target)))
    _ = reduce(&state, .library(.bookLoaded(target, .success(book))))
    return state
  }

  private func playing(at position: Double) -> AppState {
    var state = opened()
    _ = reduce(&state, .player(.playRequested(target, .position(position), at: now)))
    _ = reduce(
      &state,
      .player(.playback(.engineReported(EngineSnapshot(state: .playing, position: position, duration: 4200, seekID: SeekID(1))), at: now)))
    return state
  }

  func testTitledChaptersKeepTheirNamesAndUntitledOnesAreNumbered() {
    let chapters = [
      Chapter(index: 0, title: "01_the_seed.mp3", filePath: "a", start: 0, end: 10),
      Chapter(index: 1, title: "  ", filePath: "a", start: 10, end: 20),
      Chapter(index: 2, title: "", filePath: "a", start: 20, end: 30),
    ]
    XCTAssertEqual(chapterDisplayTitles(chapters), ["01 the seed", "Chapter 2", "Chapter 3"])
    XCTAssertEqual(
      chapterDisplayTitles([Chapter(index: 0, title: "", filePath: "a", start: 0, end: 10)]), [""],
      "one untitled span has nothing to tell apart")
  }

  func testAListNumbersATitleOnceOnly() {
    XCTAssertEqual(chapterListLabel(number: 3, title: "The Interlude"), "3. The Interlude")
    XCTAssertEqual(chapterListLabel(number: 3, title: "Chapter 3"), "Chapter 3")
    XCTAssertEqual(chapterListLabel(number: 3, title: "Chapter 3: The Storm"), "Chapter 3: The Storm")
    XCTAssertEqual(chapterListLabel(number: 3, title: "Chapter 31"), "3. Chapter 31")
    XCTAssertEqual(chapterListLabel(number: 1, title: "Chapter 2"), "1. Chapter 2")
  }

  func testTheBookPageListsAndNamesTheVirtualChapters() throws {
    var state = opened()
    let page = try XCTUnwrap(selectBookPage(state, now: now))
    XCTAssertEqual(page.chapters.map(\.title), ["Chapter 1", "Chapter 2", "Chapter 3"])
    XCTAssertEqual(page.chapters.map(\.duration), ["30m", "30m", "10m"])
    // 2,100 s is 5 minutes into the second virtual chapter.
    _ = reduce(
      &state,
      .library(.resumeLoaded(target, .progress(ProgressRecord(
        key: target, position: 2100, duration: 4200, finished: false, playbackSpeed: 1,
        deviceID: "d", updatedAt: now)))))
    let resumed = try XCTUnwrap(selectBookPage(state, now: now))
    XCTAssertEqual(resumed.extras?.resume, "Resume at Chapter 2 · 5:00 · 35m left")
    XCTAssertEqual(resumed.chapters.map(\.status), [.listened, .current, .ahead])
    let mark = Bookmark(id: 1, libraryID: 1, path: target.path, position: 3700, note: "", createdAt: "2026-11-01T00:00:00Z")
    _ = reduce(&state, .library(.bookmarksLoaded(target, .success([mark]))))
    guard case .loaded(let rows)? = selectBookPage(state, now: now)?.extras?.bookmarks else { return XCTFail() }
    XCTAssertEqual(rows.map(\.title), ["Chapter 3 · 1:40"])
  }

  func testTheBookPagesVirtualChapterPlaysFromItsStart() {
    var state = opened()
    let effects = reduce(&state, .player(.playRequested(target, .chapter(1), at: now)))
    let commands = effects.compactMap { if case .engine(let command, _) = $0 { command } else { nil } }
    guard case .load(_, let index, let position, _, _)? = commands.first else {
      return XCTFail("\(effects)")
    }
    XCTAssertEqual(index, 0)
    XCTAssertEqual(position, 1800, accuracy: 0.001, "the Book page's \"Chapter 2\" starts 30 minutes in")
  }

  func testThePlayerPageMiniPlayerAndSleepMenuNameTheVirtualChapter() throws {
    var state = playing(at: 1900)
    let view = try XCTUnwrap(selectPlayerPage(state))
    XCTAssertEqual(view.chapterTitle, "Chapter 2", "not \"No Chapters\" above \"Chapter 2 of 3\"")
    XCTAssertEqual(view.chapterNumber, "Chapter 2 of 3")
    XCTAssertEqual(view.chapters, ["Chapter 1", "Chapter 2", "Chapter 3"])
    XCTAssertEqual(view.sleepChapters.map(\.title), ["End of This Chapter", "End of Chapter 3"])
    XCTAssertEqual(selectMiniPlayer(state).subtitle, "Chapter 2")
    _ = reduce(&state, .player(.playback(.startSleepTimer(.endOfChapter(1)), at: now)))
    XCTAssertEqual(try XCTUnwrap(selectPlayerPage(state)).sleepText, "Stops at the end of Chapter 2")
  }
}
