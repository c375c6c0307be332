import Foundation

/// What the Library's home shows from one server: where the listener is in
/// each book, what was added lately, and their favourites.
public struct HomeShelves: Equatable, Sendable {
  public var progress: Loadable<[ProgressRow]> = .loading
  public var recent: Loadable<[Book]> = .loading
  /// Titles and authors for the books in progress rows (which carry only
  /// paths), loaded for the newest few.
  public var books: [FavouriteKey: Book] = [:]

  public init() {}
}

/// One book on a home shelf.
public struct ShelfItem: Equatable, Sendable {
  public var title: String
  /// "Author · 2h 3m left" / "Author · 12h 30m"
  public var subtitle: String
  /// "Home · Audiobooks", "also on Cabin" when the same book is elsewhere.
  public var location: String
  public var target: LibraryPath
  /// Set when the book cannot play now (see `needsServerNotice`).
  public var needsServer: String? = nil
}

public struct Shelf: Equatable, Sendable {
  public var title: String
  public var items: [ShelfItem]
}

/// How many books each shelf shows.
public let shelfLength = 6

/// Continue listening, recently added and favourites, across every server
/// in the order they were added. Shelves with nothing are left out.
public func selectHomeShelves(_ s: AppState) -> [Shelf] { homeShelves(from: libraryListsInput(s)) }

/// The shelves from `libraryListsInput`'s part of the state.
public func homeShelves(from s: AppState) -> [Shelf] {
  let servers = s.sources.filter { !$0.needsReconnect }
  let rank = Dictionary(uniqueKeysWithValues: s.sources.enumerated().map { ($1.serverID, $0) })
  var shelves: [Shelf] = []

  // Continue listening: unfinished, started, newest first, across servers.
  var unsorted: [(row: ProgressRow, server: ServerConnection)] = []
  for server in servers {
    if case .loaded(let rows)? = s.library.home[server.serverID]?.progress {
      unsorted += rows.filter { !$0.finished && $0.position > 0 }.map { ($0, server) }
    }
  }
  let started = unsorted.sortedNewestFirst { $0.row.updatedAt.date }
  var seen = Set<String>()
  var continuing: [ShelfItem] = []
  for (row, server) in started where continuing.count < shelfLength {
    let key = FavouriteKey(libraryID: row.libraryID, path: row.path)
    let book = s.library.home[server.serverID]?.books[key]
    // The same book in progress on two servers shows once: the newest.
    if let book {
      guard seen.insert(bookDedupKey(book)).inserted else { continue }
    }
    let speed = row.playbackSpeed > 0 ? row.playbackSpeed : 1
    let duration = (book?.duration ?? 0) > 0 ? book?.duration ?? 0 : row.duration
    let left = formatDuration(max(0, duration - row.position) / speed)
    continuing.append(
      ShelfItem(
        title: book.map { $0.title.isEmpty ? pathLeaf(row.path) : $0.title } ?? pathLeaf(row.path),
        subtitle: [book?.author ?? "", left.isEmpty ? "" : trFormat("%@ left", left)].filter { !$0.isEmpty }
          .joined(separator: " · "),
        location: location(s, server.serverID, row.libraryID, also: []),
        target: LibraryPath(serverID: server.serverID, libraryID: row.libraryID, path: row.path)))
  }
  if !continuing.isEmpty { shelves.append(Shelf(title: tr("Continue Listening"), items: continuing)) }

  // Downloaded: what plays with no connection, newest first (the whole
  // list is the Downloads page). Signed out or away, a server's downloads
  // still play, so every known server's count.
  let downloaded = s.downloads.entries.values
    .filter { $0.isWhole && s.connections.server($0.key.serverID) != nil }
    .sortedNewestFirst(by: \.savedAt)
    .prefix(shelfLength)
    .map { entry in
      item(s, LocatedBook(book: entry.book, connectionID: entry.key.serverID, connectionName: ""), also: [])
    }
  if !downloaded.isEmpty { shelves.append(Shelf(title: tr("Downloaded"), items: Array(downloaded))) }

  // Recently added: each server's newest, de-duplicated, newest first.
  var recent: [LocatedBook] = []
  for server in servers {
    if case .loaded(let books)? = s.library.home[server.serverID]?.recent {
      recent += books.map { LocatedBook(book: $0, connectionID: server.serverID, connectionName: server.name) }
    }
  }
  let newest = dedupBooks(recent) { rank[$0] ?? Int.max }
    .sortedNewestFirst { $0.winner.book.addedAt?.date }
    .prefix(shelfLength)
    .map { item(s, $0.winner, also: $0.also.map(\.connectionName)) }
  if !newest.isEmpty { shelves.append(Shelf(title: tr("Recently Added"), items: Array(newest))) }

  // Favourite books (a favourite folder is browsed, not listed here).
  var favourites: [ShelfItem] = []
  for server in servers {
    for favourite in s.library.favouriteEntries[server.serverID] ?? [] where favourite.isBook {
      let title = favourite.title.flatMap { $0.isEmpty ? nil : $0 } ?? pathLeaf(favourite.path)
      favourites.append(
        ShelfItem(
          title: title,
          subtitle: [favourite.author ?? "", formatDuration(favourite.duration)].filter { !$0.isEmpty }
            .joined(separator: " · "),
          location: location(s, server.serverID, favourite.libraryID, also: []),
          target: LibraryPath(serverID: server.serverID, libraryID: favourite.libraryID, path: favourite.path)))
    }
  }
  if !favourites.isEmpty { shelves.append(Shelf(title: tr("Favourites"), items: Array(favourites.prefix(shelfLength)))) }
  return shelves.map { shelf in
    Shelf(
      title: shelf.title,
      items: shelf.items.map { item in
        var marked = item
        // The Downloaded shelf says it once, in its title.
        if shelf.title != tr("Downloaded") { marked.subtitle = withDownloadedBadge(s, item.target, item.subtitle) }
        if somethingIsAway(s) { marked.needsServer = needsServerNotice(s, item.target) }
        return marked
      })
  }
}

private func item(_ s: AppState, _ located: LocatedBook, also: [String]) -> ShelfItem {
  let book = located.book
  return ShelfItem(
    title: book.title.isEmpty ? pathLeaf(book.relPath) : book.title,
    subtitle: [bookSubtitle(book), formatDuration(book.duration)].filter { !$0.isEmpty }.joined(separator: " · "),
    location: location(s, located.connectionID, book.libraryID, also: also),
    target: LibraryPath(serverID: located.connectionID, libraryID: book.libraryID, path: book.relPath))
}

/// "Server · Library", and "also on …" for other servers with the book.
func location(_ s: AppState, _ serverID: String, _ libraryID: Int, also: [String]) -> String {
  let server = s.source(serverID)?.name ?? ""
  var library = ""
  if case .loaded(let libraries)? = s.connections.libraries[serverID] {
    library = libraries.first { $0.id == libraryID }?.name ?? ""
  }
  var text = [server, library].filter { !$0.isEmpty }.joined(separator: " · ")
  // TRANSLATORS: after a book's server and library, the other servers that have it.
  if !also.isEmpty { text += trFormat(" · also on %@", also.joined(separator: ", ")) }
  return text
}

/// The progress rows worth fetching book details for: the newest started,
/// unfinished ones, as the Continue Listening shelf will show them.
func booksToDescribe(_ rows: [ProgressRow]) -> [FavouriteKey] {
  rows.filter { !$0.finished && $0.position > 0 }
    .sortedNewestFirst { $0.updatedAt.date }
    .prefix(shelfLength)
    .map { FavouriteKey(libraryID: $0.libraryID, path: $0.path) }
}
