import Foundation

/// Search as you type across every connected server.
public struct SearchState: Equatable, Sendable {
  /// What the listener typed.
  public var query: String = ""
  /// The query the results below answer (it lags `query` by the debounce).
  public var searched: String = ""
  /// Each server's answer to `searched`.
  public var results: [String: Loadable<[Book]>] = [:]
  /// Counts Ctrl+F (or /) while search is open: each asks for the entry's
  /// focus again, wherever the keyboard was.
  public var focusRequests = 0

  public init() {}
}

extension TimerID {
  /// Typing pauses this long before a search is sent.
  public static let searchDebounce = TimerID("search-debounce")
}

/// How long typing must pause before searching: short enough to feel live,
/// long enough that a word typed at speed is one request, not one per key.
public let searchDebounce = Duration.milliseconds(300)

func reduceSearch(_ state: inout AppState, _ action: LibraryAction) -> [Effect] {
  switch action {
  case .searchRequested:
    state.navigation.page = .library
    if state.library.search == nil {
      state.library.search = SearchState()
    } else {
      state.library.search?.focusRequests += 1
    }
    return []
  case .searchClosed:
    guard state.library.search != nil else { return [] }
    state.library.search = nil
    // Cancels the pending debounce and any request still in flight.
    return [.cancelTimer(.searchDebounce), .search("", [])]
  case .searchChanged(let text):
    if state.library.search == nil { state.library.search = SearchState() }
    state.library.search?.query = text
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      state.library.search?.searched = ""
      state.library.search?.results = [:]
      return [.cancelTimer(.searchDebounce), .search("", [])]
    }
    return [.startTimer(.searchDebounce, after: searchDebounce, repeating: false)]
  case .searchAnswered(let query, let serverID, let result):
    // An answer to an older query arrives after a newer one was sent: drop it.
    guard state.library.search?.searched == query else { return [] }
    state.library.search?.results[serverID] = Loadable(result)
    return []
  default:
    return []
  }
}

/// The debounce ran out: search every signed-in server (and this
/// computer) for the query. A server not signed in, or being signed out
/// of, is not asked and shows no results.
func searchNow(_ state: inout AppState) -> [Effect] {
  guard let query = state.library.search?.query.trimmingCharacters(in: .whitespacesAndNewlines), !query.isEmpty
  else { return [] }
  let sources = state.sources.compactMap { state.reach($0.serverID) }
  state.library.search?.searched = query
  state.library.search?.results = Dictionary(uniqueKeysWithValues: sources.map { ($0.serverID, .loading) })
  return [.search(query, sources)]
}

/// One search result: the best copy of a book, and where else it is.
public struct SearchRow: Equatable, Sendable {
  public var id: String { "\(target.serverID)\u{1F}\(target.libraryID)\u{1F}\(target.path)\u{1F}\(title)\u{1F}\(subtitle)" }
  public var title: String
  /// "Author · Series #2 · 12h 30m"
  public var subtitle: String
  /// "Home · Audiobooks", then "also on Cabin" when other servers have it.
  public var location: String
  public var target: LibraryPath
}

/// The Library page while searching.
public struct SearchView: Equatable, Sendable {
  public enum Content: Equatable, Sendable {
    /// Nothing typed yet.
    case prompt
    case loading
    case results([SearchRow])
    case noResults(String)
    case failed(String)
  }

  public var query: String
  public var content: Content
  /// Changes each time the listener asks for the entry again.
  public var focusRequests = 0
}

public func selectSearch(_ s: AppState) -> SearchView? { searchView(from: libraryListsInput(s)) }

/// Search from `libraryListsInput`'s part of the state.
public func searchView(from s: AppState) -> SearchView? {
  guard let search = s.library.search else { return nil }
  var view = selectSearchContent(s, search)
  view.focusRequests = search.focusRequests
  return view
}

/// Whether the Library shows search (what was found, or that it is being
/// looked for) rather than its page: `selectSearch`'s content is there and
/// not `.prompt`, told without building a row.
public func selectSearchIsShown(_ s: AppState) -> Bool {
  guard let search = s.library.search else { return false }
  return !showsPrompt(search)
}

/// Nothing searched and nothing typed but spaces.
private func showsPrompt(_ search: SearchState) -> Bool {
  search.searched.isEmpty && search.query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
}

private func selectSearchContent(_ s: AppState, _ search: SearchState) -> SearchView {
  guard !search.searched.isEmpty else {
    return SearchView(query: search.query, content: showsPrompt(search) ? .prompt : .loading)
  }
  let servers = s.sources.filter { search.results[$0.serverID] != nil }
  var located: [LocatedBook] = []
  var failures: [String] = []
  var stillLoading = false
  for server in servers {
    switch search.results[server.serverID] ?? .loading {
    case .loading: stillLoading = true
    case .failed(let message): failures.append(message)
    case .loaded(let books):
      located += books.map { LocatedBook(book: $0, connectionID: server.serverID, connectionName: server.name) }
    }
  }
  // Servers rank in the order they were added: the first one's copy wins ties.
  let rank = Dictionary(uniqueKeysWithValues: s.sources.enumerated().map { ($1.serverID, $0) })
  let rows = dedupBooks(located) { rank[$0] ?? Int.max }.map { deduped in
    searchRow(s, deduped.winner, also: deduped.also.map(\.connectionName))
  }
  let content: SearchView.Content =
    if !rows.isEmpty { .results(rows) } else if stillLoading { .loading } else if failures.count == servers.count
      && !failures.isEmpty
    { .failed(failures[0]) } else { .noResults(trFormat("No books match “%@”.", search.searched)) }
  return SearchView(query: search.query, content: content)
}

private func searchRow(_ s: AppState, _ item: LocatedBook, also: [String]) -> SearchRow {
  let book = item.book
  let target = LibraryPath(serverID: item.connectionID, libraryID: book.libraryID, path: book.relPath)
  let subtitle = [bookSubtitle(book), formatDuration(book.duration)].filter { !$0.isEmpty }.joined(separator: " · ")
  return SearchRow(
    title: book.title.isEmpty ? pathLeaf(book.relPath) : book.title,
    subtitle: withDownloadedBadge(s, target, subtitle),
    location: location(s, item.connectionID, book.libraryID, also: also), target: target)
}
