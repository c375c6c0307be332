import Foundation
import HarkCore
import Persistence

/// The Book page's listener side for books on this computer: no server
/// keeps it, so the listening database does (see `ListeningStore+LocalListening`).
extension BookExtrasServices {
  /// A book on this computer: its place, "finished", bookmarks, notes,
  /// favourites and history are kept in the listening database (never sent
  /// to a server); it has no community metadata.
  func runLocally(_ effect: Effect, _ dispatch: @escaping @MainActor (Action) -> Void) -> Bool {
    switch effect {
    case .loadBookExtras(let book, .thisComputer, let favourites, _):
      guard book.isLocal else { return false }
      if favourites { reloadLocalFavourites(dispatch) }
      let syncer = connections.progressSyncer
      Task {
        let resume = await syncer?.resume(book) ?? .failed(.localStore(tr("The listening database did not open.")))
        dispatch(.library(.resumeLoaded(book, resume)))
      }
      reloadLocal(book, dispatch)
      dispatch(.library(.metaLoaded(book, nil)))
    case .saveProgress(let book, let position, let duration, let finished):
      guard book.isLocal else { return false }
      Task { await save(book, position: position, duration: duration, finished: finished, dispatch) }
    case .addBookmark(let book, .thisComputer, let position, let note):
      guard book.isLocal else { return false }
      changeLocal(book, dispatch) { try $0.addLocalBookmark(book, position: position, note: note, at: Date()) }
    case .deleteBookmark(let book, .thisComputer, let id):
      guard book.isLocal else { return false }
      changeLocal(book, dispatch) { try $0.deleteLocalBookmark(id: id) }
    case .addNote(let book, .thisComputer, let body):
      guard book.isLocal else { return false }
      changeLocal(book, dispatch) { try $0.addLocalNote(book, body: body, at: Date()) }
    case .deleteNote(let book, .thisComputer, let id):
      guard book.isLocal else { return false }
      changeLocal(book, dispatch) { try $0.deleteLocalNote(id: id) }
    case .setFavourite(let book, .thisComputer, let on):
      guard book.isLocal else { return false }
      changeLocal(book, dispatch, then: { [weak self] in self?.reloadLocalFavourites(dispatch) }) {
        try $0.setLocalFavourite(book, on, at: Date())
      }
    default:
      return false
    }
    return true
  }

  private func reloadLocalFavourites(_ dispatch: @escaping @MainActor (Action) -> Void) {
    let store = connections.progressSyncer?.store
    let local = local
    Task {
      let rows = await Task.detached { (try? store?.localFavourites(serverID: LocalSource.serverID)) ?? [] }.value
      local.answerFavourites(rows, dispatch: dispatch)
    }
  }

  /// One write to the listening database (off the main loop), then the
  /// book's bookmarks and notes read again; a failure is said on the page.
  private func changeLocal(
    _ book: LibraryPath, _ dispatch: @escaping @MainActor (Action) -> Void,
    then reload: (@MainActor () -> Void)? = nil,
    _ write: @escaping @Sendable (ListeningStore) throws -> Void
  ) {
    guard let store = connections.progressSyncer?.store else {
      dispatch(.library(.changeFailed(book, FailureMessage(tr("Hark cannot keep this: its database did not open.")))))
      return
    }
    Task {
      let failure = await Task.detached { () -> String? in
        do {
          try write(store)
          return nil
        } catch {
          return trFormat("Hark could not keep this: %@", error.localizedDescription)
        }
      }.value
      if let failure { dispatch(.library(.changeFailed(book, FailureMessage(failure)))) }
      if let reload { reload() } else { reloadLocal(book, dispatch) }
    }
  }

  private func reloadLocal(_ book: LibraryPath, _ dispatch: @escaping @MainActor (Action) -> Void) {
    let store = connections.progressSyncer?.store
    let key = book
    Task {
      let read = await Task.detached { () -> LocalExtras in
        guard let store else {
          let failure = FailureMessage(tr("The listening database did not open."))
          return LocalExtras(bookmarks: .failure(failure), notes: .failure(failure), history: .failure(failure))
        }
        func result<Value>(_ read: () throws -> Value) -> Result<Value, FailureMessage> {
          Result { try read() }.mapError { FailureMessage($0.localizedDescription) }
        }
        return LocalExtras(
          bookmarks: result { try store.localBookmarks(key) }, notes: result { try store.localNotes(key) },
          history: result { try store.localHistory(key) })
      }.value
      dispatch(.library(.bookmarksLoaded(book, read.bookmarks)))
      dispatch(.library(.notesLoaded(book, read.notes)))
      dispatch(.library(.historyLoaded(book, read.history)))
    }
  }
}

/// What the listening database keeps of a book on this computer.
private struct LocalExtras: Sendable {
  var bookmarks: Result<[Bookmark], FailureMessage>
  var notes: Result<[Note], FailureMessage>
  var history: Result<[HistoryEntry], FailureMessage>
}
