import HarkCore
import Persistence

/// Runs the browsing effects: reads folders and books from the server the
/// Library page points at, and reports back as actions. Every outcome also
/// feeds that server's reachability, like any other call. Each answer is
/// kept, and stands in when the network fails (`LastSeenCalls`).
@MainActor
final class LibraryServices {
  private let connections: ConnectionServices
  /// "This Computer": answered from its scans, never over the network.
  private let local: LocalLibraryServices
  /// The search in flight; a newer one cancels it (its answers would be
  /// dropped anyway, but it should not keep using the rate limit).
  private var searching: Task<Void, Never>?

  init(connections: ConnectionServices, local: LocalLibraryServices) {
    self.connections = connections
    self.local = local
  }

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    if answeredLocally(effect, dispatch) { return }
    switch effect {
    case .browseFolder(let folder, .server(let access)):
      Task { await browse(folder, access, dispatch) }
    case .loadBook(let book, .server(let access)):
      Task { await load(book, access, dispatch) }
    case .search(let query, let sources):
      search(query, sources.compactMap(\.access), dispatch)
    case .loadBooksPage(let query, .server(let access), let cursor):
      loadPage(query, access, cursor, dispatch)
    case .loadHome(.server(let access)):
      loadHome(access, dispatch)
    case .describeBooks(.server(let access), let books):
      describe(books, on: access, dispatch)
    default:
      assertionFailure()  // `AppServices` hands over only this owner's effects
    }
  }

  /// Effects about "This Computer" (a search asks it beside the servers).
  private func answeredLocally(_ effect: Effect, _ dispatch: @escaping @MainActor (Action) -> Void) -> Bool {
    switch effect {
    case .browseFolder(_, .thisComputer), .loadBook(_, .thisComputer), .loadBooksPage(_, .thisComputer, _),
      .describeBooks(.thisComputer, _):
      local.answer(effect, dispatch: dispatch)
    case .loadHome(.thisComputer):
      let store = connections.progressSyncer?.store
      Task {
        let (progress, favourites) = await Task.detached {
          ((try? store?.mirror(serverID: LocalSource.serverID)) ?? [],
           (try? store?.localFavourites(serverID: LocalSource.serverID)) ?? [])
        }.value
        local.answerHome(progress: progress, favourites: favourites, dispatch: dispatch)
      }
    case .search(let query, let sources):
      guard sources.contains(.thisComputer) else { return false }
      // Answered after the servers' search starts (which cancels the last).
      search(query, sources.compactMap(\.access), dispatch)
      if !query.isEmpty { local.answer(effect, dispatch: dispatch) }
    default:
      return false
    }
    return true
  }

  private func browse(_ folder: LibraryPath, _ access: ServerAccess, _ dispatch: @MainActor (Action) -> Void) async {
    guard let client = await connections.client(access) else {
      dispatch(.library(.folderLoaded(folder, .failure(FailureMessage(Self.signedOut)))))
      return
    }
    let entries = await connections.lastSeenResult(.folder(folder)) { () throws(APIError) in
      try await client.allEntries(libraryID: folder.libraryID, path: folder.path)
    }
    dispatch(.library(.folderLoaded(folder, entries)))
  }

  private func load(_ book: LibraryPath, _ access: ServerAccess, _ dispatch: @MainActor (Action) -> Void) async {
    guard let client = await connections.client(access) else {
      dispatch(.library(.bookLoaded(book, .failure(FailureMessage(Self.signedOut)))))
      return
    }
    let loaded = await connections.lastSeenResult(.book(book)) { () throws(APIError) in
      try await client.item(libraryID: book.libraryID, path: book.path)
    }
    dispatch(.library(.bookLoaded(book, loaded)))
  }

  private func loadPage(
    _ query: BookListQuery, _ access: ServerAccess, _ cursor: String?,
    _ dispatch: @escaping @MainActor (Action) -> Void
  ) {
    Task {
      guard let client = await connections.client(access) else {
        dispatch(.library(.booksPageLoaded(query, .failure(FailureMessage(Self.signedOut)))))
        return
      }
      let page = await connections.lastSeenResult(.booksPage(query, cursor: cursor)) { () throws(APIError) in
        try await client.books(
          libraryID: query.libraryID, author: query.author, series: query.series, sort: query.sort,
          limit: bookPageSize, cursor: cursor)
      }
      dispatch(.library(.booksPageLoaded(query, page)))
    }
  }

  private func loadHome(_ access: ServerAccess, _ dispatch: @escaping @MainActor (Action) -> Void) {
    let serverID = access.serverID
    Task {
      // No session: the store hears of it (`sessionMissing`) and answers.
      guard let client = await connections.client(access) else { return }
      load(home: client, serverID, dispatch)
    }
  }

  /// The three shelves at once, each answered as it comes.
  private func load(home client: AudioSiloClient, _ serverID: String, _ dispatch: @escaping @MainActor (Action) -> Void) {
    Task {
      let progress = await connections.lastSeenResult(.shelf(.progress, serverID: serverID)) {
        () throws(APIError) in try await client.progress()
      }
      dispatch(.library(.homeProgressLoaded(serverID: serverID, progress)))
    }
    Task {
      let recent = await connections.lastSeenResult(.shelf(.recent, serverID: serverID)) {
        () throws(APIError) in try await client.recentBooks(limit: shelfLength * 2)
      }
      dispatch(.library(.homeRecentLoaded(serverID: serverID, recent)))
    }
    Task {
      let favourites = await connections.lastSeenResult(.shelf(.favourites, serverID: serverID)) {
        () throws(APIError) in try await client.favourites()
      }
      dispatch(.library(.favouritesLoaded(serverID: serverID, favourites)))
    }
  }

  /// One at a time: a handful of small requests that must not crowd out
  /// what the listener is waiting for. A book that fails keeps its path
  /// as its title.
  private func describe(_ books: [FavouriteKey], on access: ServerAccess, _ dispatch: @escaping @MainActor (Action) -> Void) {
    let serverID = access.serverID
    Task {
      guard let client = await connections.client(access) else { return }
      for key in books {
        let path = LibraryPath(serverID: serverID, libraryID: key.libraryID, path: key.path)
        if case .success(let book) = await connections.lastSeenResult(.book(path), { () throws(APIError) in
          try await client.item(libraryID: key.libraryID, path: key.path)
        }) {
          dispatch(.library(.homeBookDescribed(serverID: serverID, book)))
        }
      }
    }
  }

  private func search(_ query: String, _ servers: [ServerAccess], _ dispatch: @escaping @MainActor (Action) -> Void) {
    searching?.cancel()
    searching = nil
    guard !query.isEmpty else { return }
    searching = Task {
      await withTaskGroup(of: Void.self) { group in
        for access in servers {
          group.addTask {
            // No session: the store hears of it (`sessionMissing`) and answers.
            guard let client = await self.connections.client(access) else { return }
            await self.search(query, on: access.serverID, with: client, dispatch)
          }
        }
      }
    }
  }

  private func search(
    _ query: String, on serverID: String, with client: AudioSiloClient, _ dispatch: @MainActor (Action) -> Void
  ) async {
    let result: Result<[Book], FailureMessage>
    do throws(APIError) {
      result = .success(try await client.search(query, limit: 50))
      connections.record(nil, serverID: serverID)
    } catch {
      // Superseded by a newer search: nothing to report.
      if error == .cancelled { return }
      connections.record(error, serverID: serverID)
      result = .failure(FailureMessage(error.userMessage))
    }
    dispatch(.library(.searchAnswered(query: query, serverID: serverID, result)))
  }

  private static let signedOut = tr("Hark is not signed in to this server. Reconnect to see its books.")
}
