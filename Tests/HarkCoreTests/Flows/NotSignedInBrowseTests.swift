import Foundation
import XCTest

@testable import HarkCore

/// Browsing a server that waits for a sign-in again: the store has no
/// access to give the App, so it asks for nothing and answers in its own
/// state as the App's answer would have (TCA style: every state change,
/// every effect). Opening it again after the sign-in reads it.
final class NotSignedInBrowseTests: XCTestCase {
  private typealias F = FlowFixtures
  private let notSignedIn = "Hark is not signed in to this server. Reconnect to see its books."

  private func waitingForSignIn() -> ReducerTestStore {
    var state = F.signedIn()
    state.connections.servers[0].needsReconnect = true
    return ReducerTestStore(state)
  }

  func testAFolderIsNotReadAndSaysItIsNotSignedIn() {
    var store = waitingForSignIn()
    store.send(.library(.libraryOpened(serverID: F.server.serverID, libraryID: 1))) {
      $0.library.folder = F.root
      $0.library.folders[F.root] = .failed(self.notSignedIn)
    }
  }

  func testAllBooksAreNotReadAndTheListSaysWhy() {
    var store = waitingForSignIn()
    let query = BookListQuery(serverID: F.server.serverID, libraryID: 1, sort: .title)
    store.send(.library(.allBooksOpened(serverID: F.server.serverID, libraryID: 1))) {
      var list = BookListState(query: query)
      list.status = .failed(self.notSignedIn)
      $0.library.bookList = list
    }
  }

  /// Play on a book not loaded yet: the play waiting for it is answered
  /// at once (nothing to play), not left waiting for a load never asked.
  func testPlayingABookNotLoadedAsksNothingAndLeavesNothingWaiting() {
    var store = waitingForSignIn()
    // The player reads the listener's rewind setting at each action.
    store.prepare { $0.player.session.rules.autoRewindLimit = Double($0.settings.autoRewindSeconds) }
    store.send(.player(.playRequested(F.bookPath, .resume, at: F.t0))) {
      $0.library.books[F.bookPath] = .failed(self.notSignedIn)
    }
  }

  /// The listener's search: a server being signed out of is not asked
  /// (one waiting for a sign-in again never was), and shows no results.
  func testSearchAsksOnlyTheServersTheStoreCanGiveAccessTo() {
    var store = ReducerTestStore(F.signedIn())
    store.prepare {
      $0.connections.signingOut[F.server.serverID] = .sendingPlaces
      $0.library.search = SearchState()
      $0.library.search?.query = "orchard"
    }
    store.send(.timer(.fired(.searchDebounce, at: F.t0)), effects: [.search("orchard", [])]) {
      $0.library.search?.searched = "orchard"
    }
  }
}
