import Foundation

/// Which books the "All Books" view lists: one library, one sort, optionally
/// one author or series.
public struct BookListQuery: Hashable, Sendable {
  public var serverID: String
  public var libraryID: Int
  public var sort: BookSort
  public var author: String?
  public var series: String?

  public init(serverID: String, libraryID: Int, sort: BookSort = .title, author: String? = nil, series: String? = nil) {
    self.serverID = serverID
    self.libraryID = libraryID
    self.sort = sort
    self.author = author
    self.series = series
  }
}

/// A library's books as a flat list, read a keyset page at a time as the
/// listener scrolls.
public struct BookListState: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    case loading
    /// More pages remain (`nextCursor`) or the list is complete.
    case idle
    case failed(String)
  }

  public var query: BookListQuery
  public var books: [Book] = []
  /// Nil once the last page is in (or before the first one is).
  public var nextCursor: String?
  public var complete = false
  public var status: Status = .loading
  /// Opened from a Book page ("More by …"): Back goes back there.
  public var returnsToBook = false

  public init(query: BookListQuery, returnsToBook: Bool = false) {
    self.query = query
    self.returnsToBook = returnsToBook
  }
}

/// Covers in a grid, or rows in a list.
public enum BookLayout: String, Equatable, Sendable {
  case grid
  case list
}

/// Books per page: a few screens of covers, well under the server's 200.
public let bookPageSize = 100

func reduceBookList(_ state: inout AppState, _ action: LibraryAction) -> [Effect] {
  switch action {
  case .allBooksOpened(let serverID, let libraryID):
    let sort = state.library.bookList?.query.sort ?? .title
    return startList(&state, BookListQuery(serverID: serverID, libraryID: libraryID, sort: sort))
  case .bookSortChanged(let sort):
    guard var query = state.library.bookList?.query, query.sort != sort else { return [] }
    query.sort = sort
    return startList(&state, query)
  case .bookFilterChanged(let author, let series):
    guard let list = state.library.bookList else { return [] }
    var query = list.query
    query.author = author
    query.series = series
    return startList(&state, query, returnsToBook: list.returnsToBook)
  case .filteredBooksOpened(var query):
    query.sort = state.library.bookList?.query.sort ?? .title
    return startList(&state, query, returnsToBook: true)
  case .allBooksClosed:
    if state.library.bookList?.returnsToBook == true, state.library.book != nil { state.navigation.page = .book }
    state.library.bookList = nil
    return []
  case .moreBooksRequested:
    guard let list = state.library.bookList, list.status == .idle, !list.complete, let cursor = list.nextCursor,
      let reach = listReach(&state, list.query)
    else { return [] }
    state.library.bookList?.status = .loading
    return [.loadBooksPage(list.query, reach, cursor: cursor)]
  case .booksRetryRequested:
    guard let list = state.library.bookList, case .failed = list.status else { return [] }
    if list.books.isEmpty { return startList(&state, list.query, returnsToBook: list.returnsToBook) }
    guard let reach = listReach(&state, list.query) else { return [] }
    state.library.bookList?.status = .loading
    return [.loadBooksPage(list.query, reach, cursor: list.nextCursor)]
  case .booksPageLoaded(let query, let result):
    guard state.library.bookList?.query == query else { return [] }  // a page for an older sort or filter
    switch result {
    case .success(let page):
      state.library.bookList?.books += page.books
      state.library.bookList?.nextCursor = page.nextCursor
      state.library.bookList?.complete = page.nextCursor == nil || page.books.isEmpty
      state.library.bookList?.status = .idle
    case .failure(let failure):
      state.library.bookList?.status = .failed(failure.text)
    }
    return []
  case .layoutChanged(let layout):
    guard state.library.layout != layout else { return [] }
    state.library.layout = layout
    return [.persistLayout(layout)]
  case .layoutLoaded(let layout):
    state.library.layout = layout
    return []
  default:
    return []
  }
}

private func startList(_ state: inout AppState, _ query: BookListQuery, returnsToBook: Bool = false) -> [Effect] {
  state.navigation.page = .library
  state.library.bookList = BookListState(query: query, returnsToBook: returnsToBook)
  guard let reach = listReach(&state, query) else { return [] }
  return [.loadBooksPage(query, reach, cursor: nil)]
}

/// Where the list's pages come from; nil, with the list saying why, while
/// its server is not signed in.
private func listReach(_ state: inout AppState, _ query: BookListQuery) -> Reach? {
  guard let reach = state.reach(query.serverID) else {
    state.library.bookList?.status = .failed(notSignedInToBrowse)
    return nil
  }
  return reach
}

/// One book in the All Books grid or list.
public struct BookTile: Equatable, Sendable {
  public var id: String { "\(target.path)\u{1F}\(title)\u{1F}\(subtitle)\u{1F}\(needsServer ?? "")" }
  public var title: String
  public var subtitle: String
  public var target: LibraryPath
  /// Set when the book cannot play now (see `needsServerNotice`).
  public var needsServer: String? = nil
}

public struct BookListView: Equatable, Sendable {
  public var title: String
  public var sort: BookSort
  /// "Books by Ada" when filtered.
  public var filter: String?
  public var layout: BookLayout
  public var tiles: [BookTile]
  public var status: BookListState.Status
  public var complete: Bool
  /// Set while the server is unreachable (see `offlineNotice`).
  public var offline: String?
}

public func selectBookList(_ s: AppState) -> BookListView? { bookListView(from: libraryListsInput(s)) }

/// All Books from `libraryListsInput`'s part of the state.
public func bookListView(from s: AppState) -> BookListView? {
  guard let list = s.library.bookList else { return nil }
  var library = tr("All Books")
  if case .loaded(let libraries)? = s.connections.libraries[list.query.serverID],
    let name = libraries.first(where: { $0.id == list.query.libraryID })?.name
  {
    library = name
  }
  let filter =
    list.query.author.map { trFormat("Books by %@", $0) } ?? list.query.series.map { trFormat("Books in %@", $0) }
  let tiles = list.books.map { book in
    let target = LibraryPath(serverID: list.query.serverID, libraryID: list.query.libraryID, path: book.relPath)
    return BookTile(
      title: book.title.isEmpty ? pathLeaf(book.relPath) : book.title,
      subtitle: withDownloadedBadge(
        s, target, [bookSubtitle(book), formatDuration(book.duration)].filter { !$0.isEmpty }.joined(separator: " · ")),
      target: target, needsServer: needsServerNotice(s, target))
  }
  return BookListView(
    title: library, sort: list.query.sort, filter: filter, layout: s.library.layout, tiles: tiles,
    status: list.status, complete: list.complete, offline: offlineNotice(s, serverID: list.query.serverID))
}
