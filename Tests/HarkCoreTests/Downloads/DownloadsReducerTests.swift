import Foundation
import XCTest

@testable import HarkCore

/// The downloads queue and registry (REFERENCE-BEHAVIOR §8), with Hark's
/// named departures: a download interrupted by a quit resumes (the
/// reference drops it), and a downloaded book whose files went missing is
/// listed as such (the reference forgets it silently).
final class DownloadsReducerTests: XCTestCase {
  let root = URL(fileURLWithPath: "/home/l/.local/share/hark/downloads")
  let bookPath = LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book")
  var key: LibraryPath { bookPath }

  func book(_ path: String = "A/Book", sizes: [Int64] = [100, 200]) -> Book {
    Book(
      libraryID: 2, relPath: path, isFolder: true, title: "The Book",
      files: sizes.enumerated().map { BookFile(relPath: "\(path)/\($0.offset).mp3", seq: $0.offset, size: $0.element) })
  }

  /// A state signed in to server c1.
  func signedIn() -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "c1", name: "Home", baseURL: URL(string: "https://h")!, username: "u")
    ]
    return state
  }

  func ready(_ books: [LibraryPath: Book] = [:]) -> AppState {
    var state = signedIn()
    state.library.books[bookPath] = .loaded(book())
    for (path, book) in books { state.library.books[path] = .loaded(book) }
    _ = reduce(&state, .downloads(.registryLoaded([], missingFiles: [], root: root)))
    return state
  }

  func testRequestQueuesSavesAndStartsTheFirstDownload() {
    var state = ready()
    let effects = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let entry = try! XCTUnwrap(state.downloads.entries[key])
    XCTAssertEqual(entry.status, .downloading)
    XCTAssertEqual(entry.files.map(\.path), ["A/Book/0.mp3", "A/Book/1.mp3"])
    XCTAssertEqual(entry.files.map(\.size), [100, 200])
    XCTAssertTrue(entry.folder.path.hasPrefix(root.path + "/"), "inside the downloads folder")
    XCTAssertEqual(effects.count, 3)
    guard case .runDownload(let running, _) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(running, entry)
    XCTAssertTrue(effects.allSatisfy { $0.owner == .downloads })
  }

  func testOneBookAtATimeFirstComeFirstServed() {
    let second = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Other")
    var state = ready([second: book("B/Other")])
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let effects = reduce(&state, .downloads(.requested(second, at: .epoch(11))))
    XCTAssertEqual(state.downloads.entries[second]?.status, .queued)
    XCTAssertFalse(effects.contains { if case .runDownload = $0 { true } else { false } })
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: "v0")))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 1, validator: "v1")))
    let next = reduce(&state, .downloads(.finished(key, cover: "cover", at: .epoch(20))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloaded)
    XCTAssertEqual(state.downloads.entries[second]?.status, .downloading)
    XCTAssertTrue(next.contains { if case .runDownload(let e, _) = $0 { e.key == second } else { false } })
  }

  func testNeverDownloadedBeforeEveryFileIsWhole() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.finished(key, cover: nil, at: .epoch(20))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .error)
    XCTAssertNil(state.downloads.entries[key]?.localCopy)
  }

  func testLocalCopyOnlyOnceDownloaded() throws {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    XCTAssertNil(state.downloads.entries[key]?.localCopy)
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 1, validator: nil)))
    _ = reduce(&state, .downloads(.finished(key, cover: "cover", at: .epoch(20))))
    let entry = try XCTUnwrap(state.downloads.entries[key])
    let copy = try XCTUnwrap(entry.localCopy)
    XCTAssertEqual(copy.files["A/Book/0.mp3"], entry.location(of: 0))
    XCTAssertEqual(copy.cover, entry.folder.appendingPathComponent("cover"))
  }

  /// Better than §8.2 hydrate (which drops partial entries): an
  /// interrupted download resumes first, before the ones still waiting.
  func testInterruptedDownloadResumesFirstAfterRestart() {
    let other = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Other")
    var waiting = DownloadEntry.queued(key: other, book: book("B/Other"), root: root, at: .epoch(1))
    waiting.status = .queued
    var interrupted = DownloadEntry.queued(key: key, book: book(), root: root, at: .epoch(5))
    interrupted.status = .downloading
    interrupted.files[0].complete = true
    var state = signedIn()
    let effects = reduce(&state, .downloads(.registryLoaded([waiting, interrupted], missingFiles: [], root: root)))
    XCTAssertEqual(state.downloads.order, [key, other])
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloading)
    XCTAssertEqual(state.downloads.entries[other]?.status, .queued)
    let started = effects.compactMap { effect -> DownloadEntry? in
      if case .runDownload(let entry, _) = effect { return entry }
      return nil
    }
    guard let resumed = started.first, started.count == 1 else { return XCTFail("\(effects)") }
    XCTAssertEqual(resumed.files.map(\.complete), [true, false], "the whole file is not fetched again")
  }

  /// Better than §8.2 hydrate (which forgets the entry): files gone from
  /// disk are said, and the book can be downloaded again.
  func testDownloadedBookWithMissingFilesIsShownAndOfferedAgain() {
    var entry = DownloadEntry.queued(key: key, book: book(), root: root, at: .epoch(1))
    entry.status = .downloaded
    for index in entry.files.indices { entry.files[index].complete = true }
    var state = signedIn()
    state.library.books[bookPath] = .loaded(book())
    state.library.book = bookPath
    _ = reduce(&state, .downloads(.registryLoaded([entry], missingFiles: [key], root: root)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .error)
    XCTAssertNil(state.downloads.entries[key]?.localCopy)
    XCTAssertEqual(selectBookDownload(state)?.action, .retry)
    XCTAssertEqual(selectDownloadsPage(state).failed.map(\.detail), [
      "Its files are no longer on this computer. Download it again to listen offline."
    ])
    let effects = reduce(&state, .downloads(.retryRequested(key)))
    XCTAssertTrue(effects.contains { if case .runDownload = $0 { true } else { false } })
  }

  func testFailureIsWordedAndRetryQueuesAgain() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.failed(key, .server(status: 500))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .error)
    XCTAssertEqual(
      state.downloads.entries[key]?.message, "The server ran into a problem (error 500). Try again later.")
    _ = reduce(&state, .downloads(.retryRequested(key)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloading)
    XCTAssertNil(state.downloads.entries[key]?.message)
  }

  func testLostNetworkWaitsWithoutFailing() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.networkChanged(online: false, metered: false)))
    _ = reduce(&state, .downloads(.failed(key, .network("reset"))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .queued)
    XCTAssertNotNil(selectDownloadsPage(state).waiting)
    let back = reduce(&state, .downloads(.networkChanged(online: true, metered: false)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloading)
    XCTAssertTrue(back.contains { if case .runDownload = $0 { true } else { false } })
  }

  func testADownloadWaitsForItsServerToAnswerAgain() {
    var state = ready()
    state.library.book = bookPath
    _ = reduce(&state, .connections(.reachabilityChanged(serverID: "c1", reachable: false)))
    let asked = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .queued, "not started while the server is away")
    XCTAssertFalse(asked.contains { if case .runDownload = $0 { true } else { false } })
    XCTAssertEqual(selectBookDownload(state)?.detail, "Waiting for the server to answer again")
    let back = reduce(&state, .connections(.reachabilityChanged(serverID: "c1", reachable: true)))
    XCTAssertTrue(back.contains { if case .runDownload = $0 { true } else { false } })
    // Lost again mid-download: it waits, no failure to show.
    _ = reduce(&state, .connections(.reachabilityChanged(serverID: "c1", reachable: false)))
    _ = reduce(&state, .downloads(.failed(key, .network("reset"))))
    XCTAssertEqual(state.downloads.entries[key]?.status, .queued)
    XCTAssertNil(state.downloads.entries[key]?.message)
  }

  func testMeteredConnectionHoldsDownloadsUnlessAllowed() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let held = reduce(&state, .downloads(.networkChanged(online: true, metered: true)))
    XCTAssertEqual(held.first, .stopDownload(key))
    XCTAssertEqual(state.downloads.entries[key]?.status, .queued)
    let allowed = reduce(&state, .settings(.changed(.downloadOnMetered, 1)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloading)
    XCTAssertTrue(allowed.contains { if case .runDownload = $0 { true } else { false } })
  }

  func testPauseStopsAndKeepsTheBytesResumeStartsAgain() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let paused = reduce(&state, .downloads(.pauseRequested(key)))
    XCTAssertEqual(paused.first, .stopDownload(key))
    XCTAssertFalse(paused.contains { if case .deleteDownload = $0 { true } else { false } })
    XCTAssertEqual(state.downloads.entries[key]?.status, .paused)
    _ = reduce(&state, .downloads(.failed(key, .cancelled)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .paused, "the stop's own report changes nothing")
    _ = reduce(&state, .downloads(.resumeRequested(key)))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloading)
  }

  func testCancelForgetsTheEntryAndItsFiles() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let effects = reduce(&state, .downloads(.cancelRequested(key)))
    XCTAssertEqual(effects.first, .stopDownload(key))
    XCTAssertTrue(effects.contains { if case .deleteDownload(let e) = $0 { e.key == key } else { false } })
    XCTAssertNil(state.downloads.entries[key])
    XCTAssertTrue(state.downloads.order.isEmpty)
  }

  func testDeleteIsUndoableUntilTheTimerFires() throws {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 1, validator: nil)))
    _ = reduce(&state, .downloads(.finished(key, cover: nil, at: .epoch(20))))
    let deleting = reduce(&state, .downloads(.deleteRequested(key)))
    XCTAssertEqual(deleting, [.startTimer(.downloadDeleteExpired, after: .seconds(5), repeating: false)])
    XCTAssertNil(state.downloads.entries[key])
    XCTAssertEqual(selectDownloadUndo(state), "“The Book” deleted")
    _ = reduce(&state, .downloads(.deleteUndone))
    XCTAssertEqual(state.downloads.entries[key]?.status, .downloaded)
    _ = reduce(&state, .downloads(.deleteRequested(key)))
    let expired = reduce(&state, .timer(.fired(.downloadDeleteExpired, at: .epoch(30))))
    guard case .deleteDownload(let gone)? = expired.first else { return XCTFail("\(expired)") }
    XCTAssertEqual(gone.key, key)
    XCTAssertNil(state.downloads.undoable)
  }

  func testUpToTheSimultaneousDownloadsSetting() {
    let second = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Other")
    let third = LibraryPath(serverID: "c1", libraryID: 2, path: "C/Third")
    var state = ready([second: book("B/Other"), third: book("C/Third")])
    for (index, path) in [bookPath, second, third].enumerated() {
      _ = reduce(&state, .downloads(.requested(path, at: .epoch(Double(10 + index)))))
    }
    XCTAssertEqual(state.downloads.entries.values.filter { $0.status == .downloading }.count, 1)
    let more = reduce(&state, .settings(.changed(.simultaneousDownloads, 2)))
    XCTAssertEqual(state.downloads.entries[second]?.status, .downloading, "the next in line")
    XCTAssertEqual(state.downloads.entries[third]?.status, .queued)
    XCTAssertTrue(more.contains { if case .runDownload(let e, _) = $0 { e.key == second } else { false } })
    _ = reduce(&state, .settings(.changed(.simultaneousDownloads, 9)))
    XCTAssertEqual(state.settings.simultaneousDownloads, 3, "at most three")
  }

  func testWaitingDownloadsCanBeReorderedTheRunningOneKeepsItsTurn() {
    let second = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Other")
    let third = LibraryPath(serverID: "c1", libraryID: 2, path: "C/Third")
    var state = ready([second: book("B/Other"), third: book("C/Third")])
    for (index, path) in [bookPath, second, third].enumerated() {
      _ = reduce(&state, .downloads(.requested(path, at: .epoch(Double(10 + index)))))
    }
    XCTAssertEqual(selectDownloadsPage(state).queued.map(\.key), [second, third])
    XCTAssertEqual(selectDownloadsPage(state).queued.map(\.canMoveEarlier), [false, true])
    _ = reduce(&state, .downloads(.moveRequested(third, earlier: true)))
    XCTAssertEqual(selectDownloadsPage(state).queued.map(\.key), [third, second])
    XCTAssertEqual(reduce(&state, .downloads(.moveRequested(third, earlier: true))), [], "already first")
    XCTAssertEqual(reduce(&state, .downloads(.moveRequested(key, earlier: false))), [], "running: not moved")
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 1, validator: nil)))
    _ = reduce(&state, .downloads(.finished(key, cover: nil, at: .epoch(20))))
    XCTAssertEqual(state.downloads.entries[third]?.status, .downloading, "the moved one goes next")
  }

  func testFileStartedKeepsTheValidatorForAResume() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let effects = reduce(&state, .downloads(.fileStarted(key, file: 0, validator: "Tue, 01 Sep 2026 10:00:00 GMT")))
    XCTAssertEqual(state.downloads.entries[key]?.files[0].validator, "Tue, 01 Sep 2026 10:00:00 GMT")
    XCTAssertEqual(effects, [.saveDownload(state.downloads.entries[key]!)], "written before the bytes arrive")
  }

  /// §8.2 download(): an entry that exists is left alone.
  /// At start the registry is read before the servers are restored.
  func testDownloadsWaitForTheirServerToBeSignedIn() {
    var entry = DownloadEntry.queued(key: key, book: book(), root: root, at: .epoch(1))
    entry.status = .downloading
    var state = AppState()
    let early = reduce(&state, .downloads(.registryLoaded([entry], missingFiles: [], root: root)))
    XCTAssertFalse(early.contains { if case .runDownload = $0 { true } else { false } })
    XCTAssertEqual(state.downloads.entries[key]?.status, .queued)
    let restored = reduce(
      &state,
      .connections(
        .restored([ServerConnection(serverID: "c1", name: "Home", baseURL: URL(string: "https://h")!, username: "u")])))
    XCTAssertTrue(restored.contains { if case .runDownload = $0 { true } else { false } })
  }

  func testRequestingAgainChangesNothing() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    let before = state
    XCTAssertEqual(reduce(&state, .downloads(.requested(bookPath, at: .epoch(11)))), [])
    XCTAssertEqual(state, before)
  }

  func testProgressShowsBytesSpeedAndTimeLeft() {
    var state = ready()
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.progressed(key, file: 0, bytesOnDisk: 0, at: .epoch(10))))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.progressed(key, file: 1, bytesOnDisk: 50, at: .epoch(15))))
    let row = selectDownloadsPage(state).downloading.first
    XCTAssertEqual(row?.fraction ?? 0, 150.0 / 300.0, accuracy: 0.001)
    XCTAssertEqual(row?.detail, "150 B of 300 B · 30 B/s · 5s left")
  }

  func testTheBookPlayingSwapsToItsFilesWhenTheDownloadCompletes() {
    var state = ready()
    _ = reduce(&state, .player(.playRequested(bookPath, .position(30), at: .epoch(5))))
    XCTAssertEqual(state.player.session.nowPlaying?.key, key)
    _ = reduce(&state, .downloads(.requested(bookPath, at: .epoch(10))))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 0, validator: nil)))
    _ = reduce(&state, .downloads(.fileSaved(key, file: 1, validator: nil)))
    let effects = reduce(&state, .downloads(.finished(key, cover: nil, at: .epoch(20))))
    XCTAssertTrue(
      effects.contains { if case .engine(.swapSources, book: let book) = $0 { book?.key == key } else { false } },
      "the swap names the book whose tracks it carries: \(effects)")
  }

  func testDownloadedBookPlaysFromItsFilesAndWithItsManifest() {
    var entry = DownloadEntry.queued(key: key, book: book(), root: root, at: .epoch(1))
    entry.status = .downloaded
    for index in entry.files.indices { entry.files[index].complete = true }
    var state = signedIn()
    _ = reduce(&state, .downloads(.registryLoaded([entry], missingFiles: [], root: root)))
    // Offline: the server cannot describe the book; the manifest does.
    state.library.books[bookPath] = .loading
    _ = reduce(&state, .library(.bookLoaded(bookPath, .failure(FailureMessage("offline")))))
    guard case .loaded(let shown)? = state.library.books[bookPath] else { return XCTFail() }
    XCTAssertEqual(shown.title, "The Book")
    let effects = reduce(&state, .player(.playRequested(bookPath, .position(0), at: .epoch(5))))
    let load = effects.compactMap { effect -> [BookTrack]? in
      if case .engine(.load(let tracks, _, _, _, _), _) = effect { return tracks }
      return nil
    }.first
    XCTAssertEqual(load?.map(\.localFile), [entry.location(of: 0), entry.location(of: 1)])
  }
}

/// §8.3 "Purge": removing one server's downloads leaves the other's alone.
final class ServerDownloadsTests: XCTestCase {
  let root = URL(fileURLWithPath: "/d")

  func entry(_ server: String, _ path: String, status: DownloadStatus) -> DownloadEntry {
    var entry = DownloadEntry.queued(
      key: LibraryPath(serverID: server, libraryID: 2, path: path),
      book: Book(libraryID: 2, relPath: path, files: [BookFile(relPath: "\(path)/1.mp3", size: 1536)]), root: root,
      at: .epoch(1))
    entry.status = status
    return entry
  }

  func testRemovingOneServersDownloadsStopsAndDeletesOnlyThose() {
    var state = AppState()
    let mine = entry("c1", "A/Book", status: .downloaded)
    let running = entry("c1", "B/Book", status: .downloading)
    let other = entry("c2", "A/Book", status: .downloaded)
    for e in [mine, running, other] { state.downloads.entries[e.key] = e }
    XCTAssertEqual(selectServerDownloads(state, serverID: "c1"), "2 books, 3 KB")
    XCTAssertNil(selectServerDownloads(state, serverID: "c3"))
    let effects = reduce(&state, .downloads(.serverDownloadsRemoved(serverID: "c1")))
    XCTAssertTrue(effects.contains(.stopDownload(running.key)))
    XCTAssertTrue(effects.contains(.deleteDownload(mine)))
    XCTAssertTrue(effects.contains(.deleteDownload(running)))
    XCTAssertFalse(effects.contains(.deleteDownload(other)))
    XCTAssertEqual(Array(state.downloads.entries.keys), [other.key])
  }

  func testStorageLineSaysUsedAndFree() {
    var state = AppState()
    let done = entry("c1", "A/Book", status: .downloaded)
    state.downloads.entries[done.key] = done
    _ = reduce(&state, .downloads(.diskSpaceMeasured(free: 5 << 30)))
    XCTAssertEqual(selectDownloadsPage(state).storage, "Downloads use 1.5 KB · 5 GB free on this disk")
  }
}

final class DownloadsFolderTests: XCTestCase {
  func testANewFolderTakesNewDownloadsAndLeavesTheMadeOnesWhereTheyAre() throws {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "c1", name: "Home", baseURL: URL(string: "https://h")!, username: "u")
    ]
    let first = LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book")
    let second = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Book")
    for path in [first, second] {
      state.library.books[path] = .loaded(Book(libraryID: 2, relPath: path.path, files: [BookFile(relPath: "\(path.path)/1.mp3")]))
    }
    _ = reduce(&state, .downloads(.registryLoaded([], missingFiles: [], root: URL(fileURLWithPath: "/old"))))
    _ = reduce(&state, .downloads(.requested(first, at: .epoch(1))))
    let moved = reduce(&state, .downloads(.folderChosen(URL(fileURLWithPath: "/new"))))
    XCTAssertEqual(moved.first, .persistDownloadsFolder(URL(fileURLWithPath: "/new")))
    XCTAssertTrue(moved.contains(.measureDiskSpace(URL(fileURLWithPath: "/new"))))
    _ = reduce(&state, .downloads(.requested(second, at: .epoch(2))))
    XCTAssertTrue(try XCTUnwrap(state.downloads.entries[first]).folder.path.hasPrefix("/old/"))
    XCTAssertTrue(try XCTUnwrap(state.downloads.entries[second]).folder.path.hasPrefix("/new/"))
  }
}

/// A hostile server's book and file paths never make a download write
/// outside its folder: every location is the downloads root, one folder
/// per server, one per book, then one name, all of Hark's own making.
final class HostileDownloadPathTests: XCTestCase {
  func testEveryFileLiesInsideTheDownloadsFolder() {
    let root = URL(fileURLWithPath: "/home/l/Downloads/Hark", isDirectory: true)
    let hostile = [
      "../../../../etc/passwd", "/etc/shadow", "a/../../b.mp3", "C:\\Windows\\evil.mp3", "nul\u{0}byte.mp3",
      String(repeating: "x", count: 4000) + ".mp3", "..", ".", "", "back\\slash\\..\\..\\up.mp3",
      String(decoding: [0xFF, 0xFE, 0x2E, 0x2E, 0x2F], as: UTF8.self) + "bad.mp3",
    ]
    for path in hostile {
      let book = Book(
        libraryID: 1, relPath: path, title: path,
        files: hostile.enumerated().map { BookFile(relPath: "\(path)/\($0.element)", seq: $0.offset) })
      let entry = DownloadEntry.queued(
        key: LibraryPath(serverID: "../" + path, libraryID: 1, path: path), book: book, root: root, at: .epoch(0))
      for index in entry.files.indices {
        let location = entry.location(of: index).standardizedFileURL.path
        XCTAssertTrue(location.hasPrefix(root.path + "/"), location)
        let inside = location.dropFirst(root.path.count + 1).split(separator: "/")
        XCTAssertEqual(inside.count, 3, "server folder, book folder, file: \(location)")
        XCTAssertFalse(inside.contains { $0 == ".." || $0 == "." }, location)
      }
    }
  }
}
