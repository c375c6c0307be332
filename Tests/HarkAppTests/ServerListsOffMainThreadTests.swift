import Foundation
import HarkCore
import Networking
import Persistence
import XCTest

@testable import HarkApp

/// Start-up reads the server lists (and the last-listened book), and
/// sign-in and sign-out save them, on a worker thread, so a slow home
/// folder cannot freeze the window; saves still land in the order asked,
/// and before Hark quits.
final class ServerListsOffMainThreadTests: XCTestCase {
  private static let home = ServerConnection(
    serverID: "home-1", name: "Home", baseURL: URL(string: "https://books.example.com")!, username: "listener")
  private static let old = RememberedServer(
    serverID: "old-1", name: "Old", baseURL: URL(string: "https://old.example.com")!)

  @MainActor func testTheRestoreReadsBothListsOffTheMainThread() async throws {
    let folder = try folder()
    let (signedIn, signedOut) = watched(folder)
    signedIn.file.save([Self.home])
    signedOut.file.save([Self.old])
    let (connections, log) = connect(folder, signedIn, signedOut)

    connections.run(.restoreServers)
    try await waitUntil("both lists restored") { log.actions.count >= 2 }

    XCTAssertEqual(signedIn.readsOnMainThread, [false], "the signed-in list was read once, off the main thread")
    XCTAssertEqual(signedOut.readsOnMainThread, [false], "the signed-out list was read once, off the main thread")
    var home = Self.home
    home.needsReconnect = true  // no token in this run's keyring
    XCTAssertEqual(
      Array(log.actions.prefix(2)), [.connections(.restored([home])), .connections(.rememberedLoaded([Self.old]))])
  }

  /// Many saves in quick succession, as sign-ins and sign-outs make them,
  /// the first held up by a slow disk: none on the main thread, none
  /// overtaking another, and the file ends with the last.
  @MainActor func testQuickSavesLandInTheOrderAskedOffTheMainThread() async throws {
    let folder = try folder()
    let signedIn = WatchedListFile(ServerListFile<ServerConnection>(directory: folder))
    let signedOut = WatchedListFile(
      ServerListFile<RememberedServer>(name: "remembered-servers.json", directory: folder), holdsFirstSave: true)
    let (connections, _) = connect(folder, signedIn, signedOut)
    let lists = (1...30).map { count in
      (1...count).map {
        RememberedServer(serverID: "s\($0)", name: "Server \($0)", baseURL: URL(string: "https://s\($0).example.com")!)
      }
    }

    releaseSoon(signedOut)
    for list in lists {
      connections.run(.saveRememberedServers(list))
      connections.run(.saveServers([Self.home]))
    }
    connections.serverLists.waitUntilSaved(within: .seconds(20))

    XCTAssertEqual(signedOut.savesOnMainThread, Array(repeating: false, count: 30), "saved off the main thread")
    XCTAssertEqual(signedIn.savesOnMainThread, Array(repeating: false, count: 30), "saved off the main thread")
    XCTAssertEqual(signedOut.file.load(), lists.last, "the file holds the last save")
  }

  /// Quit's wait (`HarkApplication.shutdown`) covers a save the disk is
  /// still holding.
  @MainActor func testTheWaitAtQuitCoversASaveStillUnderWay() async throws {
    let folder = try folder()
    let signedIn = WatchedListFile(ServerListFile<ServerConnection>(directory: folder), holdsFirstSave: true)
    let (connections, _) = connect(folder, signedIn, watched(folder).signedOut)

    releaseSoon(signedIn)
    connections.run(.saveServers([Self.home]))
    connections.serverLists.waitUntilSaved(within: .seconds(20))

    XCTAssertEqual(signedIn.file.load(), [Self.home], "on disk when the wait ends")
  }

  /// What the restore reads comes back in the order it always did, and
  /// the book listened to last is offered (the mini-player's offer).
  @MainActor func testTheRestoreStillOffersTheLastListenedBookInOrder() async throws {
    let folder = try folder()
    let (signedIn, signedOut) = watched(folder)
    signedOut.file.save([Self.old])
    let database = try ListeningStore(path: folder.appendingPathComponent("listening.sqlite").path)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Books/Dune")
    try database.recordLocal(
      ProgressRecord(key: book, position: 95, duration: 600, deviceID: try database.deviceID(), updatedAt: Date()))
    let (connections, log) = connect(folder, signedIn, signedOut)

    connections.run(.restoreServers)
    try await waitUntil("the unsent places counted") { log.actions.count >= 4 }

    XCTAssertEqual(
      Array(log.actions.prefix(3)),
      [
        .connections(.restored([])), .connections(.rememberedLoaded([Self.old])),
        .player(.lastPlaceRemembered(book, position: 95)),
      ])
    guard case .connections(.unsentCounted) = log.actions[3] else {
      return XCTFail("the fourth action is the unsent count, not \(log.actions[3])")
    }
  }

  // MARK: Helpers

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hark-server-lists-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  /// Lets `list`'s held save through a little later, from another thread,
  /// as a slow disk ends a write while the main thread goes on (or waits).
  private func releaseSoon<Entry>(_ list: WatchedListFile<Entry>) {
    Thread.detachNewThread {
      usleep(100_000)
      list.release()
    }
  }

  /// The two lists in `folder`, under the names Hark gives them.
  private func watched(_ folder: URL) -> (
    signedIn: WatchedListFile<ServerConnection>, signedOut: WatchedListFile<RememberedServer>
  ) {
    (
      WatchedListFile(ServerListFile(directory: folder)),
      WatchedListFile(ServerListFile(name: "remembered-servers.json", directory: folder))
    )
  }

  /// Connection services on `folder`, with no keyring, and what they reported.
  @MainActor private func connect(
    _ folder: URL, _ signedIn: WatchedListFile<ServerConnection>, _ signedOut: WatchedListFile<RememberedServer>
  ) -> (ConnectionServices, ReportedActions) {
    let log = ReportedActions()
    let secrets = SecretStorage(
      keepsInFile: { false }, saveKeepsInFile: { _ in }, probeKeyring: { false }, onKeyringChecked: { _ in })
    let connections = ConnectionServices(
      transport: SoupTransport(userAgent: "Hark-app-tests"), secrets: secrets, serverList: signedIn,
      rememberedList: signedOut, deviceName: "Hark app tests", dataDirectory: folder,
      dispatch: { log.actions.append($0) })
    return (connections, log)
  }

  /// Polls until `condition` holds (the bound is for a stuck run only).
  @MainActor private func waitUntil(
    _ what: String, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        XCTFail("still not: \(what)", file: file, line: line)
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// What the services reported, oldest first.
@MainActor
private final class ReportedActions {
  var actions: [Action] = []
}
