import Foundation
import HarkCore

/// A favourite as the listening database keeps it.
typealias LocalFavouriteRow = (libraryID: Int, path: String, createdAt: Date)

/// The library routes for "This Computer", answered from the scans: the
/// same actions a server's answers become, so the pages cannot tell.
extension LocalLibraryServices {
  func answer(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    // At start the catalog fills from the index a moment after the window
    // asks (the last book for the mini-player, say): answer then, not "gone".
    guard catalogReady else {
      waitForCatalog { [weak self] in self?.answer(effect, dispatch: dispatch) }
      return
    }
    switch effect {
    case .browseFolder(let folder, _):
      let entries = catalog.entries(libraryID: folder.libraryID, folder: folder.path)
      dispatch(.library(.folderLoaded(folder, entries.map { .success($0) } ?? .failure(Self.gone))))
    case .loadBook(let book, _):
      let found = catalog.book(libraryID: book.libraryID, path: book.path)
      dispatch(.library(.bookLoaded(book, found.map { .success($0) } ?? .failure(Self.gone))))
    case .loadBooksPage(let query, _, let cursor):
      dispatch(.library(.booksPageLoaded(query, .success(catalog.page(query, cursor: cursor, limit: bookPageSize)))))
    case .describeBooks(_, let keys):
      for key in keys {
        if let book = catalog.book(libraryID: key.libraryID, path: key.path) {
          dispatch(.library(.homeBookDescribed(serverID: LocalSource.serverID, book)))
        }
      }
    case .search(let query, _):
      dispatch(
        .library(.searchAnswered(query: query, serverID: LocalSource.serverID, .success(catalog.search(query, limit: 50)))))
    default:
      break
    }
  }

  /// The home shelves: where the listener is in each book (this
  /// computer's own saves), and the newest books.
  func answerHome(
    progress: [ProgressRecord], favourites: [LocalFavouriteRow], dispatch: @escaping @MainActor (Action) -> Void
  ) {
    guard catalogReady else {
      waitForCatalog { [weak self] in self?.answerHome(progress: progress, favourites: favourites, dispatch: dispatch) }
      return
    }
    let rows = progress.map { record in
      ProgressRow(
        libraryID: record.key.libraryID, path: record.key.path, position: record.position,
        duration: record.duration, finished: record.finished, playbackSpeed: record.playbackSpeed,
        version: record.version, deviceID: record.deviceID, updatedAt: Timestamp(record.updatedAt))
    }
    dispatch(.library(.homeProgressLoaded(serverID: LocalSource.serverID, .success(rows))))
    dispatch(.library(.homeRecentLoaded(serverID: LocalSource.serverID, .success(catalog.recent(limit: shelfLength * 2)))))
    answerFavourites(favourites, dispatch: dispatch)
  }

  /// This computer's favourites, with each book's title and author from
  /// the scans (the Favourites shelf shows them).
  func answerFavourites(_ rows: [LocalFavouriteRow], dispatch: @escaping @MainActor (Action) -> Void) {
    guard catalogReady else {
      waitForCatalog { [weak self] in self?.answerFavourites(rows, dispatch: dispatch) }
      return
    }
    let favourites = rows.map { row in
      let book = catalog.book(libraryID: row.libraryID, path: row.path)
      let series = book.map(\.series).flatMap { $0.isEmpty ? nil : $0 }
      return Favourite(
        libraryID: row.libraryID, path: row.path, isBook: true, title: book?.title, author: book?.author,
        series: series, seriesIndex: series == nil ? nil : book?.seriesIndex, duration: book?.duration,
        createdAt: Timestamp(row.createdAt))
    }
    dispatch(.library(.favouritesLoaded(serverID: LocalSource.serverID, .success(favourites))))
  }

  private static let gone = FailureMessage(
    tr("This is no longer in the library folder: it was moved or deleted since the last scan."))
}
