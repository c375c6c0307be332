import XCTest
@testable import HarkCore

final class SelectorTests: XCTestCase {
  private func playing(
    position: Double, chapter: ClosedRange<Double> = 600...1200, rate: Double = 1,
    isPlaying: Bool = true
  ) -> NowPlaying {
    NowPlaying(
      title: "The Hobbit", author: "J. R. R. Tolkien", chapterTitle: "An Unexpected Party",
      bookPosition: position, chapterStart: chapter.lowerBound, chapterEnd: chapter.upperBound,
      bookDuration: 36000, rate: rate, isPlaying: isPlaying)
  }

  func testSelectPageAndSettings() {
    var state = AppState()
    state.navigation.page = .player
    state.settings.skipBackSeconds = 45
    XCTAssertEqual(selectPage(state), .player)
    XCTAssertEqual(selectSettings(state), state.settings)
  }

  func testMiniPlayerWithNothingPlaying() {
    XCTAssertEqual(
      selectMiniPlayer(AppState()),
      MiniPlayerViewState(
        title: "Not Playing", subtitle: "", timeLeftText: "", progress: 0,
        isPlaying: false, isActive: false))
  }

  func testTheMiniPlayerHidesOnThePlayerPageOnly() {
    var state = AppState()
    for page in Page.allCases {
      state.navigation.page = page
      XCTAssertEqual(selectMiniPlayer(state).isShown, page != .player, "\(page)")
    }
  }

  func testMiniPlayerMidChapter() {
    XCTAssertEqual(
      selectMiniPlayer(nowPlaying: playing(position: 750)),
      MiniPlayerViewState(
        title: "The Hobbit", subtitle: "An Unexpected Party", timeLeftText: "7:30 left",
        progress: 0.25, isPlaying: true, isActive: true))
  }

  func testMiniPlayerTimeLeftIsListeningTimeAtTheCurrentSpeed() {
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 600, rate: 2)).timeLeftText, "5:00 left")
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 600, rate: 0)).timeLeftText, "10:00 left")
    let long = playing(position: 0, chapter: 0...7322)
    XCTAssertEqual(selectMiniPlayer(nowPlaying: long).timeLeftText, "2:02:02 left")
    // The engine's end and the server's duration differ by a hair at the
    // end of a book: that is "0:00", like the seek bar's "−0:00", not "0:01".
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 1199.99996)).timeLeftText, "0:00 left")
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 1199.5)).timeLeftText, "0:01 left")
  }

  func testMiniPlayerProgressStaysWithinZeroAndOne() {
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 500)).progress, 0)
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 1300)).progress, 1)
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 1300)).timeLeftText, "0:00 left")
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 5, chapter: 5...5)).progress, 0)
  }

  func testMiniPlayerRoundsTimeLeftUpLikeTheSeekBar() {
    XCTAssertEqual(selectMiniPlayer(nowPlaying: playing(position: 1190.4)).timeLeftText, "0:10 left")
  }

  func testMiniPlayerShowsPause() {
    let paused = selectMiniPlayer(nowPlaying: playing(position: 700, isPlaying: false))
    XCTAssertFalse(paused.isPlaying)
    XCTAssertTrue(paused.isActive)
  }

  func testEmptyStatesOfAFreshApp() {
    let state = AppState()
    // The first run offers both ways in: a folder on this computer, or a server.
    var firstRun = PageEmptyState(
      iconName: "view-grid-symbolic", title: "No Audiobooks Yet",
      description: "Choose the folder that holds your audiobooks, or connect to your AudioSilo server.",
      actionLabel: "Choose a Folder…", action: .localLibrary(.folderChooserRequested))
    firstRun.secondaryLabel = "Connect to a Server"
    firstRun.secondaryAction = .connections(.addServerRequested)
    XCTAssertEqual(selectEmptyState(state, page: .library), firstRun)
    XCTAssertEqual(
      selectEmptyState(state, page: .book),
      PageEmptyState(
        iconName: "accessories-dictionary-symbolic", title: "No Book Selected",
        description: "Choose a book in your library to see its chapters, bookmarks and notes.",
        actionLabel: "Browse Library", action: .ui(.pageSelected(.library))))
    XCTAssertEqual(
      selectEmptyState(state, page: .player),
      PageEmptyState(
        iconName: "media-playback-start-symbolic", title: "Nothing Playing",
        description: "Pick a book to start listening. Your place is saved as you go.",
        actionLabel: "Browse Library", action: .ui(.pageSelected(.library))))
    XCTAssertEqual(
      selectEmptyState(state, page: .downloads),
      PageEmptyState(
        iconName: "folder-download-symbolic", title: "No Downloads",
        description: "Download books to listen without a connection.",
        actionLabel: nil, action: nil))
  }

  func testEmptyStateGoesAwayOnceThePageHasContent() {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "c1", name: "Home", baseURL: URL(string: "https://h")!, username: "u")
    ]
    // A book loaded in the player.
    let book = LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book")
    state.library.books[book] = .loaded(Book(libraryID: 2, relPath: "A/Book", title: "Book", duration: 60))
    _ = reduce(&state, .player(.playRequested(book, .position(0), at: Date())))
    let key = LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book")
    state.downloads.entries[key] = DownloadEntry(
      key: key, status: .queued, book: Book(libraryID: 2, relPath: "A/Book"), files: [],
      folder: URL(fileURLWithPath: "/tmp/d"), requestedAt: Date())
    XCTAssertNil(selectEmptyState(state, page: .library))
    XCTAssertNil(selectEmptyState(state, page: .player))
    XCTAssertNil(selectEmptyState(state, page: .downloads))
    XCTAssertNotNil(selectEmptyState(state, page: .book), "no book selection exists yet")
  }
}
