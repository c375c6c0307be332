import Foundation
import XCTest

@testable import HarkCore

/// Opening a library, a folder and a book, as the window sends it: every
/// step's whole next state and every effect (`ReducerTestStore`).
final class BrowseFlowTests: XCTestCase {
  private typealias F = FlowFixtures

  func testOpeningALibraryAFolderAndABookLoadsEachOnceWithTheBooksOwnState() {
    var store = ReducerTestStore(F.signedIn())
    store.send(.library(.libraryOpened(serverID: "srv-1", libraryID: 1)), effects: [.browseFolder(F.root, .server(F.server.access))]) {
      $0.library.folder = F.root
      $0.library.folders[F.root] = .loading
    }
    store.send(.library(.folderLoaded(F.root, .success(F.rootEntries)))) {
      $0.library.folders[F.root] = .loaded(F.rootEntries)
    }
    store.send(.library(.folderOpened(F.author)), effects: [.browseFolder(F.author, .server(F.server.access))]) {
      $0.library.folder = F.author
      $0.library.folders[F.author] = .loading
    }
    store.send(.library(.folderLoaded(F.author, .success(F.authorEntries)))) {
      $0.library.folders[F.author] = .loaded(F.authorEntries)
    }
    // The folder is known: only the book and the listener's state for it
    // (with the server's favourites, not read yet) are asked for.
    store.send(
      .library(.bookOpened(F.bookPath)),
      effects: [.loadBook(F.bookPath, .server(F.server.access)), .loadBookExtras(F.bookPath, .server(F.server.access), favourites: true, metadata: false)]
    ) {
      $0.navigation.page = .book
      $0.library.book = F.bookPath
      $0.library.books[F.bookPath] = .loading
      $0.library.extras[F.bookPath] = BookExtras()
    }
    store.send(.library(.bookLoaded(F.bookPath, .success(F.book)))) {
      $0.library.books[F.bookPath] = .loaded(F.book)
    }
    // Back at the library, the folder is shown as loaded: nothing is read again.
    store.send(.library(.folderOpened(F.author))) {
      $0.navigation.page = .library
    }
  }

  func testABookOpenedFromSearchAlsoReadsItsFolderForUpNext() {
    var store = ReducerTestStore(F.signedIn())
    store.send(
      .library(.bookOpened(F.bookPath)),
      effects: [
        .loadBook(F.bookPath, .server(F.server.access)), .loadBookExtras(F.bookPath, .server(F.server.access), favourites: true, metadata: false),
        .browseFolder(F.author, .server(F.server.access)),
      ]
    ) {
      $0.navigation.page = .book
      $0.library.book = F.bookPath
      $0.library.books[F.bookPath] = .loading
      $0.library.extras[F.bookPath] = BookExtras()
      $0.library.folders[F.author] = .loading
    }
  }

  func testAFolderThatFailedIsReadAgainWhenOpenedAgain() {
    var store = ReducerTestStore(F.signedIn())
    store.send(.library(.libraryOpened(serverID: "srv-1", libraryID: 1)), effects: [.browseFolder(F.root, .server(F.server.access))]) {
      $0.library.folder = F.root
      $0.library.folders[F.root] = .loading
    }
    store.send(.library(.folderLoaded(F.root, .failure(FailureMessage("Hark could not reach books.example.com."))))) {
      $0.library.folders[F.root] = .failed("Hark could not reach books.example.com.")
    }
    store.send(.library(.retryRequested(F.root)), effects: [.browseFolder(F.root, .server(F.server.access))]) {
      $0.library.folders[F.root] = .loading
    }
  }
}
