import Foundation
import XCTest

@testable import HarkCore

/// Browsing a server that waits for a sign-in again, and its Book page: the
/// store has no access to give the App, so it asks for nothing and answers
/// in its own state as the App's answer would have, nothing left loading
/// and no change shown as made (TCA style: every state change, every
/// effect). Opening it again after the sign-in reads it.
final class NotSignedInTests: XCTestCase {
  private typealias F = FlowFixtures
  private let notSignedIn = "Hark is not signed in to this server. Reconnect to see its books."
  /// What the Book page says.
  private let notSignedInHere = "Hark is not signed in to this server."

  /// `bookRead`: the book and its folder were read while signed in, before
  /// the token was refused (`needsReconnect`).
  private func waitingForSignIn(bookRead: Bool = false) -> ReducerTestStore {
    var state = F.signedIn()
    if bookRead {
      state.library.folders[F.author] = .loaded([])
      state.library.books[F.bookPath] = .loaded(F.book)
      state.library.favourites[F.server.serverID] = []
    }
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

  func testOpeningTheBookAsksNothingAndSaysItIsNotSignedIn() {
    var store = waitingForSignIn(bookRead: true)
    store.send(.library(.bookOpened(F.bookPath))) {
      $0.navigation.page = .book
      $0.library.book = F.bookPath
      var extras = BookExtras()
      extras.resume = .failed(.notSignedIn)
      extras.bookmarks = .failed(self.notSignedInHere)
      extras.notes = .failed(self.notSignedInHere)
      extras.history = .failed(self.notSignedInHere)
      $0.library.extras[F.bookPath] = extras
    }
  }

  func testChangesOnThePageAreNotMadeAndSayWhy() {
    var store = waitingForSignIn(bookRead: true)
    store.prepare { $0.library.extras[F.bookPath] = BookExtras() }
    store.send(.library(.favouriteToggled(F.bookPath))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedInHere
    }
    store.prepare { $0.library.extras[F.bookPath]?.error = nil }
    store.send(.library(.bookmarkAddRequested(F.bookPath, position: 5, note: ""))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedInHere
    }
    store.prepare { $0.library.extras[F.bookPath]?.error = nil }
    store.send(.library(.noteDeleteRequested(F.bookPath, id: 3))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedInHere
    }
  }
}
