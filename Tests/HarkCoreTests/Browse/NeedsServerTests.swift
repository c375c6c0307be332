import Foundation
import HarkCore
import XCTest

/// Offline, the library shows as last seen, but only downloaded books can
/// play: the rest are marked as needing their server, and Play says why
/// instead of trying a stream that cannot start.
final class NeedsServerTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  private let folder = LibraryPath(serverID: "a", libraryID: 1, path: "Cradle")
  private var streamed: LibraryPath { folder.at("Cradle/Unsouled") }
  private var downloaded: LibraryPath { folder.at("Cradle/Soulsmith") }
  private let notice = "Needs “Home” — not downloaded"

  private func book(_ path: LibraryPath) -> Book {
    Book(
      libraryID: 1, relPath: path.path, isFolder: true, title: pathLeaf(path.path),
      files: [BookFile(relPath: "\(path.path)/1.mp3", seq: 1, duration: 60, size: 100)])
  }

  private func state(offline: Bool) -> AppState {
    var state = AppState()
    state.connections.servers = [home]
    state.connections.libraries["a"] = .loaded([LibrarySummary(id: 1, name: "Audiobooks")])
    if offline { state.connections.unreachable = ["a"] }
    state.library.folder = folder
    state.library.folders[folder] = .loaded([
      FsEntry(name: "Series Notes", path: "Cradle/Series Notes", isDir: true),
      FsEntry(name: "Soulsmith", path: downloaded.path, isDir: true, isBook: true),
      FsEntry(name: "Unsouled", path: streamed.path, isDir: true, isBook: true),
    ])
    var entry = DownloadEntry.queued(
      key: downloaded, book: book(downloaded), root: URL(fileURLWithPath: "/tmp/d"), at: Date())
    entry.status = .downloaded
    for index in entry.files.indices { entry.files[index].complete = true }
    state.downloads.entries[downloaded] = entry
    return state
  }

  func testOfflineOnlyBooksNotDownloadedAreMarked() throws {
    let rows = try XCTUnwrap(selectFolderView(state(offline: true))?.rows.value)
    XCTAssertEqual(rows.map(\.title), ["Series Notes", "Soulsmith", "Unsouled"])
    XCTAssertEqual(rows.map(\.needsServer), [nil, nil, notice], "a folder opens from the cache; a download plays")
    XCTAssertNotEqual(rows[2].id, FolderRow(title: "Unsouled", subtitle: "", kind: .book, target: streamed).id,
      "the row is redrawn when it changes")
    let online = try XCTUnwrap(selectFolderView(state(offline: false))?.rows.value)
    XCTAssertEqual(online.map(\.needsServer), [nil, nil, nil])
  }

  func testHomeShelvesAndBookListsMarkThemToo() {
    var state = state(offline: true)
    state.library.home["a"] = HomeShelves()
    state.library.home["a"]?.recent = .loaded([book(streamed), book(downloaded)])
    let recent = selectHomeShelves(state).first { $0.title == "Recently Added" }
    XCTAssertEqual(recent?.items.map(\.needsServer).sorted { ($0 ?? "") < ($1 ?? "") }, [nil, notice])
    state.library.bookList = BookListState(query: BookListQuery(serverID: "a", libraryID: 1))
    state.library.bookList?.books = [book(streamed), book(downloaded)]
    XCTAssertEqual(selectBookList(state)?.tiles.map(\.needsServer), [notice, nil])
  }

  func testPlayOnTheBookPageExplainsWhyInsteadOfStreaming() {
    var state = state(offline: true)
    _ = reduce(&state, .library(.bookOpened(streamed)))
    _ = reduce(&state, .library(.bookLoaded(streamed, .success(book(streamed)))))
    XCTAssertEqual(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.needsServer, notice, "Play's tooltip")
    let effects = reduce(&state, .player(.playRequested(streamed, .resume, at: Date())))
    XCTAssertEqual(effects, [.probeServers([home.access])], "nothing streams; the server is asked whether it is back")
    XCTAssertNil(state.player.session.nowPlaying)
    let said = selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.extras?.error ?? ""
    XCTAssertTrue(said.contains("not downloaded") && said.contains("“Home” is not answering"), said)
  }

  func testADownloadedBookPlaysOffline() {
    var state = state(offline: true)
    _ = reduce(&state, .library(.bookOpened(downloaded)))
    _ = reduce(&state, .library(.bookLoaded(downloaded, .success(book(downloaded)))))
    XCTAssertNil(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.needsServer)
    let effects = reduce(&state, .player(.playRequested(downloaded, .resume, at: Date())))
    XCTAssertFalse(effects.contains(.probeServers([home.access])), "\(effects)")
    XCTAssertNil(selectBookPage(state, now: Date(timeIntervalSince1970: 1_800_000_000))?.extras?.error)
  }

  func testBackOnlineTheFolderAndBookShownAreReadAfresh() {
    var state = state(offline: true)
    _ = reduce(&state, .library(.bookOpened(streamed)))
    _ = reduce(&state, .library(.bookLoaded(streamed, .success(book(streamed)))))
    let effects = reduce(&state, .connections(.reachabilityChanged(serverID: "a", reachable: true)))
    XCTAssertEqual(
      effects,
      [.cancelTimer(.reachabilityProbe), .loadLibraries(home.access), .browseFolder(folder, .server(home.access)), .loadBook(streamed, .server(home.access))],
      "the probe stops, the libraries, the folder and the book shown are read again, and nothing else")
    XCTAssertEqual(state.library.books[streamed], .loaded(book(streamed)), "shown as last seen until the answer")
  }
}

extension Loadable {
  fileprivate var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }
}
