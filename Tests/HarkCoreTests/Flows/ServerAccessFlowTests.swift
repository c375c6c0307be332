import Foundation
import XCTest

@testable import HarkCore

private typealias F = FlowFixtures

/// The store is the one owner of who is signed in and whether the server at
/// an address is still the one that issued the token: downloads stop on
/// its word, a sign-out sends the unsent places first as an effect of its
/// own, and a session the services cannot find is answered, in the TCA
/// style (every state change and every effect stated).
final class ServerAccessFlowTests: XCTestCase {
  private let root = URL(fileURLWithPath: "/tmp/hark-downloads")
  private let t0 = F.t0

  /// Signed in, its libraries loaded, and the book downloading.
  private func downloading() -> (ReducerTestStore, DownloadEntry) {
    var state = F.signedIn()
    var entry = DownloadEntry.queued(key: F.bookPath, book: F.book, root: root, at: t0)
    entry.status = .downloading
    state.downloads.root = root
    state.downloads.entries[F.bookPath] = entry
    state.downloads.order = [F.bookPath]
    state.downloads.transfers[F.bookPath] = DownloadTransfer(bytes: 4096, at: t0)
    return (ReducerTestStore(state), entry)
  }

  /// Another server answers at the address while the book downloads: the
  /// store stops it and says why; it does not start again on its own, and
  /// no new download starts from that address until the server is back.
  func testADownloadStopsWhenAnotherServerAnswersAtItsAddress() {
    var (store, entry) = downloading()
    var stopped = entry
    stopped.status = .error
    stopped.message =
      "Another server (“Someone Else”) now answers at the address of Home Books, so the download stopped. "
      + "Retry once your server is back."
    store.send(
      .connections(.differentServerAnswered(serverID: F.server.serverID, name: "Someone Else")),
      effects: [.stopDownload(F.bookPath), .saveDownload(stopped)]
    ) {
      $0.connections.differentServers[F.server.serverID] = "Someone Else"
      $0.downloads.entries[F.bookPath] = stopped
      $0.downloads.order = []
      $0.downloads.transfers = [:]
    }

    // Retried while the stranger answers: it waits in the queue.
    var waiting = stopped
    waiting.status = .queued
    waiting.message = nil
    store.send(.downloads(.retryRequested(F.bookPath)), effects: [.saveDownload(waiting)]) {
      $0.downloads.entries[F.bookPath] = waiting
      $0.downloads.order = [F.bookPath]
    }

    // The server that issued the token answers again: it goes on, with
    // the access the store now vouches for.
    var running = waiting
    running.status = .downloading
    store.send(
      .connections(.librariesLoaded(serverID: F.server.serverID, .success([F.library]))),
      effects: [
        .flushProgress(serverID: F.server.serverID), .loadHome(.server(F.server.access)),
        .saveDownload(running), .runDownload(running, F.server.access),
      ]
    ) {
      $0.connections.differentServers = [:]
      $0.downloads.entries[F.bookPath] = running
    }
  }

  /// Signing out while the book downloads: the download stops (back in
  /// the queue, for a sign-in again), the unsent places are sent as their
  /// own effect, and only their answer lets the token go. Places that could
  /// not be sent are kept, and the store says so.
  func testSigningOutMidDownloadStopsItThenSendsThePlacesThenSignsOut() {
    var (store, entry) = downloading()
    entry.status = .queued
    store.send(
      .connections(.signOutRequested(serverID: F.server.serverID, at: t0)),
      effects: [.stopDownload(F.bookPath), .flushProgress(serverID: F.server.serverID)]
    ) {
      $0.connections.signingOut = [F.server.serverID: .sendingPlaces]
      $0.downloads.entries[F.bookPath] = entry
      $0.downloads.transfers = [:]
      // (The session takes its rules from the settings on each of its events.)
      $0.player.session.rules.autoRewindLimit = 5
    }
    store.send(.connections(.signOutRequested(serverID: F.server.serverID, at: t0)), effects: []) { _ in }

    store.send(
      .connections(.progressFlushed(serverID: F.server.serverID, remaining: 2)),
      effects: [.signOut(F.server.access)]
    ) {
      $0.connections.signingOut[F.server.serverID] = .revoking
      $0.connections.unsentKept[F.server.serverID] = 2
    }
    // A flush of the server's that was already under way answers late: the
    // token is asked to go once only, and the download still waits.
    store.send(.connections(.progressFlushed(serverID: F.server.serverID, remaining: 0)), effects: []) { _ in }

    let remembered = RememberedServer(serverID: F.server.serverID, name: F.server.name, baseURL: F.base)
    store.send(
      .connections(.signedOut(serverID: F.server.serverID)),
      effects: [.saveServers([]), .saveRememberedServers([remembered])]
    ) {
      $0.connections.servers = []
      $0.connections.libraries = [:]
      $0.connections.remembered = [remembered]
      $0.connections.signingOut = [:]
    }
  }

  /// The store counts the server as signed in, but no token is found for
  /// it (the keyring lost it): answered as a lost session, its download
  /// back in the queue, its libraries "Reconnect…".
  func testASessionTheServicesCannotFindIsAnsweredAsSignInAgain() {
    var (store, entry) = downloading()
    store.prepare { $0.connections.libraries[F.server.serverID] = .loading }
    entry.status = .queued
    var lost = F.server
    lost.needsReconnect = true
    store.send(
      .connections(.sessionMissing(serverID: F.server.serverID)),
      effects: [.stopDownload(F.bookPath), .saveServers([lost])]
    ) {
      $0.connections.servers = [lost]
      $0.connections.libraries[F.server.serverID] = .failed("Reconnect to see this server's libraries.")
      $0.downloads.entries[F.bookPath] = entry
      $0.downloads.transfers = [:]
    }
    // Heard twice (two services missed it): once is the answer.
    store.send(.connections(.sessionMissing(serverID: F.server.serverID)), effects: []) { _ in }
  }

  /// Restored with its token gone from the keyring: "Reconnect…" at once,
  /// nothing asked of the server, no download started from it.
  func testARestoreWithAMissingTokenAsksNothing() {
    var lost = F.server
    lost.needsReconnect = true
    var state = AppState()
    var entry = DownloadEntry.queued(key: F.bookPath, book: F.book, root: root, at: t0)
    entry.status = .queued
    state.downloads.root = root
    state.downloads.entries[F.bookPath] = entry
    state.downloads.order = [F.bookPath]
    var store = ReducerTestStore(state)
    store.send(.connections(.restored([lost])), effects: []) {
      $0.connections.servers = [lost]
      $0.connections.libraries[F.server.serverID] = .failed("Reconnect to see this server's libraries.")
    }
    store.send(.connections(.apiKeysRequested(serverID: F.server.serverID)), effects: []) {
      $0.connections.apiKeys[F.server.serverID] = .failed("Hark is not signed in to this server.")
    }
  }
}
