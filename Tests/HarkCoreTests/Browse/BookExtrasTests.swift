import Foundation
import HarkCore
import XCTest

/// The Book page's listener side through the real reducer and selector:
/// resume text, chapter status, favourites, finished, bookmarks and notes,
/// spoiler-gated metadata.
final class BookExtrasTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let target = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// Three 10-minute chapters over two files (600 s + 1200 s).
  private var book: Book {
    Book(
      libraryID: 1, relPath: target.path, title: "A Clockwork Orchard", duration: 1800,
      files: [
        BookFile(relPath: "Quill/Orchard/1.mp3", seq: 1, duration: 600),
        BookFile(relPath: "Quill/Orchard/2.mp3", seq: 2, duration: 1200),
      ],
      chapters: [
        Chapter(index: 0, title: "The Brass Seed", filePath: "Quill/Orchard/1.mp3", start: 0, end: 600),
        Chapter(index: 1, title: "Winding", filePath: "Quill/Orchard/2.mp3", start: 0, end: 600, bookOffset: 0),
        Chapter(index: 2, title: "Harvest", filePath: "Quill/Orchard/2.mp3", start: 600, end: 1200, bookOffset: 0),
      ])
  }

  private func opened(capabilities: ServerCapabilities? = nil) -> (AppState, [Effect]) {
    var state = AppState()
    state.connections.servers = [home]
    if let capabilities { state.connections.capabilities["a"] = capabilities }
    let effects = reduce(&state, .library(.bookOpened(target)))
    _ = reduce(&state, .library(.bookLoaded(target, .success(book))))
    return (state, effects)
  }

  private func record(_ position: Double, finished: Bool = false, speed: Double = 1) -> ProgressRecord {
    ProgressRecord(
      key: target, position: position, duration: 1800, finished: finished, playbackSpeed: speed,
      deviceID: "d", updatedAt: now)
  }

  func testOpeningLoadsExtrasWithFavouritesOnceAndMetadataOnlyWhenOffered() {
    var (state, effects) = opened()
    XCTAssertEqual(
      effects,
      [.loadBook(target, .server(home.access)), .loadBookExtras(target, .server(home.access), favourites: true, metadata: false), .browseFolder(target.at("Quill"), .server(home.access))])
    _ = reduce(&state, .library(.favouritesLoaded(serverID: "a", .success([]))))
    _ = reduce(&state, .connections(.capabilitiesLoaded(serverID: "a", ServerCapabilities(metadata: true))))
    XCTAssertEqual(
      reduce(&state, .library(.bookOpened(target))), [.loadBookExtras(target, .server(home.access), favourites: false, metadata: true)],
      "book cached; the listener's state read afresh")
  }

  func testCapabilitiesArrivingLaterFetchMetadataForTheOpenBook() {
    var (state, _) = opened()
    XCTAssertEqual(
      reduce(&state, .connections(.capabilitiesLoaded(serverID: "a", ServerCapabilities(metadata: true)))),
      [.loadBookExtras(target, .server(home.access), favourites: false, metadata: true)])
    XCTAssertEqual(
      reduce(&state, .connections(.capabilitiesLoaded(serverID: "a", ServerCapabilities(metadata: false)))), [])
  }

  func testResumeTextNamesTheChapterAndTimeLeftAtTheBooksSpeed() throws {
    var (state, _) = opened()
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.resume, "Checking your place…")
    _ = reduce(&state, .library(.resumeLoaded(target, .empty)))
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.resume, "Not started")
    // 900 s is 300 s into chapter 2 (second file starts at 600); 900 s left at 1.5× is 10 minutes.
    // The time beside a chapter's name is the time into that chapter.
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(900, speed: 1.5)))))
    let page = try XCTUnwrap(selectBookPage(state, now: now))
    XCTAssertEqual(page.extras?.resume, "Resume at Winding · 5:00 · 10m left")
    XCTAssertEqual(page.chapters.map(\.status), [.listened, .current, .ahead])
    _ = reduce(&state, .library(.resumeLoaded(target, .failed(.notSignedIn))))
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.resume, "Hark could not check your place in this book.")
  }

  func testFinishedTogglesThroughTheSyncerAndAFinishedEndStartsOver() {
    var (state, _) = opened()
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(900)))))
    XCTAssertEqual(
      reduce(&state, .library(.finishedToggled(target))),
      [.saveProgress(target, position: 900, duration: 1800, finished: true)])
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(1797, finished: true)))))
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.isFinished, true)
    XCTAssertEqual(selectBookPage(state, now: now)?.chapters.map(\.status), [.listened, .listened, .listened])
    XCTAssertEqual(
      reduce(&state, .library(.finishedToggled(target))),
      [.saveProgress(target, position: 0, duration: 1800, finished: false)])
  }

  func testFavouriteShowsAtOnceAndAsksTheServer() {
    var (state, _) = opened()
    _ = reduce(&state, .library(.favouritesLoaded(serverID: "a", .success([]))))
    XCTAssertEqual(reduce(&state, .library(.favouriteToggled(target))), [.setFavourite(target, .server(home.access), true)])
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.isFavourite, true)
    XCTAssertEqual(reduce(&state, .library(.favouriteToggled(target))), [.setFavourite(target, .server(home.access), false)])
    XCTAssertEqual(selectBookPage(state, now: now)?.extras?.isFavourite, false)
  }

  func testBookmarksAreInBookOrderNamedByChapterAndDeletedAtOnce() throws {
    var (state, _) = opened()
    let marks = [
      Bookmark(id: 2, libraryID: 1, path: target.path, position: 1300, note: "the harvest", createdAt: "2026-11-01T00:00:00Z"),
      Bookmark(id: 1, libraryID: 1, path: target.path, position: 65, note: "", createdAt: "2026-11-01T00:00:00Z"),
    ]
    _ = reduce(&state, .library(.bookmarksLoaded(target, .success(marks))))
    guard case .loaded(let rows)? = selectBookPage(state, now: now)?.extras?.bookmarks else { return XCTFail() }
    XCTAssertEqual(rows.map(\.title), ["The Brass Seed · 1:05", "Harvest · 1:40"], "time into the chapter")
    XCTAssertEqual(rows.map(\.detail), ["", "the harvest"])
    XCTAssertEqual(reduce(&state, .library(.bookmarkDeleteRequested(target, id: 1))), [.deleteBookmark(target, .server(home.access), id: 1)])
    guard case .loaded(let left)? = selectBookPage(state, now: now)?.extras?.bookmarks else { return XCTFail() }
    XCTAssertEqual(left.map(\.id), [2])
    XCTAssertEqual(
      reduce(&state, .library(.bookmarkAddRequested(target, position: -3, note: "x"))),
      [.addBookmark(target, .server(home.access), position: 0, note: "x")])
  }

  func testBlankNotesAreNotSent() {
    var (state, _) = opened()
    XCTAssertEqual(reduce(&state, .library(.noteAddRequested(target, body: "  \n "))), [])
    XCTAssertEqual(reduce(&state, .library(.noteAddRequested(target, body: " **hi** "))), [.addNote(target, .server(home.access), body: "**hi**")])
  }

  func testCharactersAndRecapsFollowTheListenersChapterUnlessRevealed() throws {
    var (state, _) = opened(capabilities: ServerCapabilities(metadata: true))
    let work = MetaWork(
      id: "w1", title: "A Clockwork Orchard", authors: [], language: "en",
      characters: [
        MetaCharacter(id: "c1", name: "Ada", reveal: MetaPosition(chapter: 1), description: "a gardener"),
        MetaCharacter(id: "c2", name: "The Engine", reveal: MetaPosition(chapter: 3), description: "spoiler"),
      ],
      recaps: [MetaRecap(through: MetaPosition(chapter: 1), text: "Ada plants a brass seed.")])
    _ = reduce(&state, .library(.metaLoaded(target, BookMeta(matched: true, work: work))))
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(100)))))
    var meta = try XCTUnwrap(selectBookPage(state, now: now)?.extras?.meta)
    XCTAssertEqual(meta.characters.map(\.name), ["Ada"])
    XCTAssertEqual(meta.recaps.count, 0, "chapter 1 is not finished yet")
    XCTAssertEqual(meta.hidden, 2)
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(1300)))))
    meta = try XCTUnwrap(selectBookPage(state, now: now)?.extras?.meta)
    XCTAssertEqual(meta.characters.map(\.name), ["Ada", "The Engine"])
    XCTAssertEqual(meta.recaps.map(\.title), ["Up to chapter 1"])
    _ = reduce(&state, .library(.resumeLoaded(target, .progress(record(10)))))
    _ = reduce(&state, .library(.spoilersRevealed(target, true)))
    meta = try XCTUnwrap(selectBookPage(state, now: now)?.extras?.meta)
    XCTAssertEqual(meta.characters.count, 2)
    XCTAssertTrue(meta.revealsSpoilers)
  }

  func testUnmatchedOrMissingMetadataShowsNothing() {
    var (state, _) = opened(capabilities: ServerCapabilities(metadata: true))
    _ = reduce(&state, .library(.metaLoaded(target, BookMeta(matched: false))))
    XCTAssertNil(selectBookPage(state, now: now)?.extras?.meta)
    _ = reduce(&state, .library(.metaLoaded(target, nil)))
    XCTAssertNil(selectBookPage(state, now: now)?.extras?.meta)
  }

  func testHistoryIsNamedByChapters() {
    var (state, _) = opened()
    let spans = [
      HistoryEntry(id: 1, libraryID: 1, path: target.path, fromPosition: 100, toPosition: 700,
                   startedAt: "2026-11-01T00:00:00Z", endedAt: "2026-11-01T00:10:00Z"),
      HistoryEntry(id: 2, libraryID: 1, path: target.path, fromPosition: 1250, toPosition: 1300,
                   startedAt: "2026-11-01T00:00:00Z", endedAt: "2026-11-01T00:10:00Z"),
    ]
    _ = reduce(&state, .library(.historyLoaded(target, .success(spans))))
    guard case .loaded(let rows)? = selectBookPage(state, now: now)?.extras?.history else { return XCTFail() }
    XCTAssertEqual(rows.map(\.title), ["The Brass Seed – Winding", "Harvest"])
    XCTAssertTrue(rows[0].detail.hasPrefix("1:40 → 11:40 · "), rows[0].detail)
  }

  func testTheBookPageWordsTimesByTheTimeItIsGivenAndNothingElse() throws {
    var (state, _) = opened()
    let span = HistoryEntry(
      id: 1, libraryID: 1, path: target.path, fromPosition: 100, toPosition: 700,
      startedAt: "2026-11-01T00:00:00Z", endedAt: "2026-11-01T00:10:00Z")
    _ = reduce(&state, .library(.historyLoaded(target, .success([span]))))
    let ended = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-01T00:10:00Z"))
    func detail(_ now: Date) -> String? {
      guard case .loaded(let rows)? = selectBookPage(state, now: now)?.extras?.history else { return nil }
      return rows.first?.detail
    }
    let twoDaysOn = ended.addingTimeInterval(2 * 86_400)
    XCTAssertEqual(selectBookPage(state, now: twoDaysOn), selectBookPage(state, now: twoDaysOn), "same state, same time")
    XCTAssertNotEqual(detail(twoDaysOn), detail(ended.addingTimeInterval(40 * 86_400)), "the time given words it")
  }
}
