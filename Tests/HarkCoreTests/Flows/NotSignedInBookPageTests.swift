import Foundation
import XCTest

@testable import HarkCore

/// A Book page whose server waits for a sign-in again: the store asks the
/// App for nothing that needs the server's client (it has no access to
/// give) and answers on the page instead, so nothing loads forever and no
/// change is shown as made (TCA style: every state change, every effect).
final class NotSignedInBookPageTests: XCTestCase {
  private typealias F = FlowFixtures
  private let notSignedIn = "Hark is not signed in to this server."

  /// The book and its folder were read while signed in; then the token
  /// was refused (`needsReconnect`).
  private func waitingForSignIn() -> ReducerTestStore {
    var state = F.signedIn()
    state.library.folders[F.author] = .loaded([])
    state.library.books[F.bookPath] = .loaded(F.book)
    state.library.favourites[F.server.serverID] = []
    state.connections.servers[0].needsReconnect = true
    return ReducerTestStore(state)
  }

  func testOpeningTheBookAsksNothingAndSaysItIsNotSignedIn() {
    var store = waitingForSignIn()
    store.send(.library(.bookOpened(F.bookPath))) {
      $0.navigation.page = .book
      $0.library.book = F.bookPath
      var extras = BookExtras()
      extras.resume = .failed(.notSignedIn)
      extras.bookmarks = .failed(self.notSignedIn)
      extras.notes = .failed(self.notSignedIn)
      extras.history = .failed(self.notSignedIn)
      $0.library.extras[F.bookPath] = extras
    }
  }

  func testChangesOnThePageAreNotMadeAndSayWhy() {
    var store = waitingForSignIn()
    store.prepare { $0.library.extras[F.bookPath] = BookExtras() }
    store.send(.library(.favouriteToggled(F.bookPath))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedIn
    }
    store.prepare { $0.library.extras[F.bookPath]?.error = nil }
    store.send(.library(.bookmarkAddRequested(F.bookPath, position: 5, note: ""))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedIn
    }
    store.prepare { $0.library.extras[F.bookPath]?.error = nil }
    store.send(.library(.noteDeleteRequested(F.bookPath, id: 3))) {
      $0.library.extras[F.bookPath]?.error = self.notSignedIn
    }
  }
}
