import Foundation
import HarkCore

/// Runs the Book page's listener-side effects: reads a book's resume point,
/// bookmarks, notes, history, the server's favourites and community
/// metadata; saves favourites, bookmarks, notes and "finished". Positions
/// go through the progress syncer, so marking a book finished offline is
/// queued like any other save and never lost. Books on this computer are
/// answered from the listening database (`BookExtrasServices+Local`).
@MainActor
final class BookExtrasServices {
  let connections: ConnectionServices
  /// Titles for this computer's favourites.
  let local: LocalLibraryServices

  init(connections: ConnectionServices, local: LocalLibraryServices) {
    self.connections = connections
    self.local = local
  }

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    if runLocally(effect, dispatch) { return }
    switch effect {
    case .loadBookExtras(let book, .server(let access), let favourites, let metadata):
      Task { await load(book, access, favourites: favourites, metadata: metadata, dispatch) }
    case .setFavourite(let book, .server(let access), let on):
      change(book, access, dispatch) { client throws(APIError) in
        if on {
          try await client.addFavourite(libraryID: book.libraryID, path: book.path)
        } else {
          try await client.removeFavourite(libraryID: book.libraryID, path: book.path)
        }
      } then: { client in
        await Self.reloadFavourites(book.serverID, client, dispatch)
      }
    case .addBookmark(let book, .server(let access), let position, let note):
      change(book, access, dispatch) { client throws(APIError) in
        _ = try await client.addBookmark(
          libraryID: book.libraryID, path: book.path, position: position, note: note.isEmpty ? nil : note)
      } then: { client in
        await Self.reloadBookmarks(book, client, dispatch)
      }
    case .deleteBookmark(let book, .server(let access), let id):
      change(book, access, dispatch) { client throws(APIError) in
        try await client.deleteBookmark(id: id)
      } then: { client in
        await Self.reloadBookmarks(book, client, dispatch)
      }
    case .addNote(let book, .server(let access), let body):
      change(book, access, dispatch) { client throws(APIError) in
        _ = try await client.addNote(libraryID: book.libraryID, path: book.path, body: body)
      } then: { client in
        await Self.reloadNotes(book, client, dispatch)
      }
    case .deleteNote(let book, .server(let access), let id):
      change(book, access, dispatch) { client throws(APIError) in
        try await client.deleteNote(id: id)
      } then: { client in
        await Self.reloadNotes(book, client, dispatch)
      }
    case .saveProgress(let book, let position, let duration, let finished):
      Task { await save(book, position: position, duration: duration, finished: finished, dispatch) }
    default:
      assertionFailure()  // `AppServices` hands over only this owner's effects
    }
  }

  private func load(
    _ book: LibraryPath, _ access: ServerAccess, favourites: Bool, metadata: Bool,
    _ dispatch: @escaping @MainActor (Action) -> Void
  ) async {
    guard let client = await connections.client(access) else {
      // No token after all (the store hears `sessionMissing`): every list
      // is answered, none left loading.
      let failure = FailureMessage(tr("Hark is not signed in to this server."))
      dispatch(.library(.resumeLoaded(book, .failed(.notSignedIn))))
      dispatch(.library(.bookmarksLoaded(book, .failure(failure))))
      dispatch(.library(.notesLoaded(book, .failure(failure))))
      dispatch(.library(.historyLoaded(book, .failure(failure))))
      return
    }
    let syncer = connections.progressSyncer
    Task {
      let resume = await syncer?.resume(book) ?? .failed(.notSignedIn)
      dispatch(.library(.resumeLoaded(book, resume)))
    }
    Task { await Self.reloadBookmarks(book, client, dispatch) }
    Task { await Self.reloadNotes(book, client, dispatch) }
    Task {
      let result = await apiResult { () throws(APIError) in
        try await client.bookHistory(libraryID: book.libraryID, path: book.path, limit: 50)
      }
      dispatch(.library(.historyLoaded(book, result)))
    }
    if favourites { Task { await Self.reloadFavourites(book.serverID, client, dispatch) } }
    if metadata {
      Task {
        // A 502 (the metadata service is down) or any failure shows nothing.
        let meta = try? await client.meta(libraryID: book.libraryID, path: book.path)
        dispatch(.library(.metaLoaded(book, meta ?? nil)))
      }
    }
  }

  /// Runs one change against the server, then refreshes what it changed;
  /// a failure is said on the page and the server's list is read again.
  private func change(
    _ book: LibraryPath, _ access: ServerAccess, _ dispatch: @escaping @MainActor (Action) -> Void,
    _ perform: @escaping @Sendable (AudioSiloClient) async throws(APIError) -> Void,
    then refresh: @escaping @MainActor (AudioSiloClient) async -> Void
  ) {
    Task {
      guard let client = await connections.client(access) else {
        dispatch(.library(.changeFailed(book, FailureMessage(tr("Hark is not signed in to this server.")))))
        return
      }
      do throws(APIError) {
        try await perform(client)
        connections.record(nil, serverID: book.serverID)
      } catch {
        connections.record(error, serverID: book.serverID)
        dispatch(.library(.changeFailed(book, FailureMessage(error.userMessage))))
      }
      await refresh(client)
    }
  }

  func save(
    _ book: LibraryPath, position: Double, duration: Double, finished: Bool,
    _ dispatch: @escaping @MainActor (Action) -> Void
  ) async {
    guard let syncer = connections.progressSyncer else {
      dispatch(.library(.changeFailed(book, FailureMessage(tr("Hark cannot save your place: its database did not open.")))))
      return
    }
    do {
      let record = ProgressRecord(
        key: book, position: position, duration: duration, finished: finished,
        deviceID: try syncer.store.deviceID(), updatedAt: Date())
      _ = try await syncer.save(record)
      // Whatever won (this save, or a newer one from another device).
      dispatch(.library(.resumeLoaded(book, await syncer.resume(book))))
    } catch {
      dispatch(.library(.changeFailed(book, FailureMessage(trFormat("Hark could not save your place: %@", error.localizedDescription)))))
    }
  }

  private static func reloadBookmarks(
    _ book: LibraryPath, _ client: AudioSiloClient, _ dispatch: @MainActor (Action) -> Void
  ) async {
    let result = await apiResult { () throws(APIError) in
      try await client.bookmarks(libraryID: book.libraryID, path: book.path)
    }
    dispatch(.library(.bookmarksLoaded(book, result)))
  }

  private static func reloadNotes(
    _ book: LibraryPath, _ client: AudioSiloClient, _ dispatch: @MainActor (Action) -> Void
  ) async {
    let result = await apiResult { () throws(APIError) in
      try await client.notes(libraryID: book.libraryID, path: book.path)
    }
    dispatch(.library(.notesLoaded(book, result)))
  }

  private static func reloadFavourites(
    _ serverID: String, _ client: AudioSiloClient, _ dispatch: @MainActor (Action) -> Void
  ) async {
    let result = await apiResult { () throws(APIError) in try await client.favourites() }
    dispatch(.library(.favouritesLoaded(serverID: serverID, result)))
  }

}
