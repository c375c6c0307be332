/// Browsing: which folder and book are shown and what is loaded. Loading
/// is an effect; a folder or book already loaded is shown from memory.
func reduceLibrary(_ state: inout AppState, _ action: LibraryAction) -> [Effect] {
  switch action {
  case .libraryOpened(let serverID, let libraryID):
    return openFolder(&state, LibraryPath(serverID: serverID, libraryID: libraryID, path: ""))

  case .folderOpened(let folder):
    return openFolder(&state, folder)

  case .folderFilterChanged(let filter):
    state.library.folderFilter = filter
    return []

  case .folderLoaded(let folder, let result):
    // A server signed out of while the folder loaded: nothing to keep.
    guard state.source(folder.serverID) != nil else { return [] }
    state.library.folders[folder] = Loadable(result)
    return []

  case .homeRequested:
    state.library.folder = nil
    state.library.bookList = nil
    return []

  case .bookOpened(let book):
    state.library.book = book
    state.navigation.page = .book
    // The listener's own state is read afresh each time: another device
    // may have moved on since.
    let book_ = needsLoading(state.library.books[book]) ? loadBook(&state, book) : []
    // "Up next" needs the book's folder; read it quietly if not seen yet.
    let parent = book.at(parentPath(book.path))
    let folder = needsLoading(state.library.folders[parent]) ? loadFolder(&state, parent) : []
    return book_ + loadExtras(&state, book) + folder

  case .bookLoaded(let book, let result):
    guard state.source(book.serverID) != nil else { return [] }
    state.library.books[book] = Loadable(result)
    if case .failure = result, let downloaded = state.downloads.entry(book), downloaded.localCopy != nil {
      // Offline, a downloaded book is still whole: its manifest stands in.
      state.library.books[book] = .loaded(downloaded.book)
    }
    return playWaiting(&state, loaded: book)

  case .retryRequested(let target):
    if state.library.folder == target { return loadFolder(&state, target) }
    if state.library.book == target { return loadBook(&state, target) + loadExtras(&state, target) }
    return []

  case .homeProgressLoaded(let serverID, let result):
    guard state.source(serverID) != nil else { return [] }
    state.library.home[serverID, default: HomeShelves()].progress = Loadable(result)
    guard case .success(let rows) = result else { return [] }
    let known = state.library.home[serverID]?.books ?? [:]
    let missing = booksToDescribe(rows).filter { known[$0] == nil }
    guard !missing.isEmpty, let reach = state.reach(serverID) else { return [] }
    return [.describeBooks(reach, missing)]
  case .homeRecentLoaded(let serverID, let result):
    guard state.source(serverID) != nil else { return [] }
    state.library.home[serverID, default: HomeShelves()].recent = Loadable(result)
    return []
  case .homeBookDescribed(let serverID, let book):
    guard state.source(serverID) != nil else { return [] }
    state.library.home[serverID, default: HomeShelves()]
      .books[FavouriteKey(libraryID: book.libraryID, path: book.relPath)] = book
    return []

  case .allBooksOpened, .allBooksClosed, .bookSortChanged, .bookFilterChanged, .moreBooksRequested,
    .booksPageLoaded, .layoutChanged, .layoutLoaded, .filteredBooksOpened,
    .booksRetryRequested:
    return reduceBookList(&state, action)

  case .searchRequested, .searchChanged, .searchClosed, .searchAnswered:
    return reduceSearch(&state, action)

  default:
    return reduceBookExtras(&state, action)
  }
}

private func openFolder(_ state: inout AppState, _ folder: LibraryPath) -> [Effect] {
  // A filter belongs to the folder it was typed in.
  if state.library.folder != folder { state.library.folderFilter = "" }
  state.library.folder = folder
  state.library.bookList = nil
  state.navigation.page = .library
  return needsLoading(state.library.folders[folder]) ? loadFolder(&state, folder) : []
}

/// A server not signed in (waiting for a sign-in again) is not asked: the
/// reducer answers as the App did, so the page says so at once, and
/// opening it again after the sign-in retries.
func loadFolder(_ state: inout AppState, _ folder: LibraryPath) -> [Effect] {
  guard let reach = state.reach(folder.serverID) else {
    return reduceLibrary(&state, .folderLoaded(folder, .failure(FailureMessage(notSignedInToBrowse))))
  }
  state.library.folders[folder] = .loading
  return [.browseFolder(folder, reach)]
}

/// A downloaded book still loads from its manifest (`bookLoaded`).
func loadBook(_ state: inout AppState, _ book: LibraryPath) -> [Effect] {
  guard let reach = state.reach(book.serverID) else {
    return reduceLibrary(&state, .bookLoaded(book, .failure(FailureMessage(notSignedInToBrowse))))
  }
  state.library.books[book] = .loading
  return [.loadBook(book, reach)]
}

/// What a folder, a book or a list says of a server it cannot ask.
var notSignedInToBrowse: String { tr("Hark is not signed in to this server. Reconnect to see its books.") }

/// Never loaded, or failed last time (opening it again is a retry).
func needsLoading<Value>(_ loadable: Loadable<Value>?) -> Bool {
  switch loadable {
  case nil, .failed: true
  case .loading, .loaded: false
  }
}

extension Loadable {
  init(_ result: Result<Value, FailureMessage>) {
    switch result {
    case .success(let value): self = .loaded(value)
    case .failure(let failure): self = .failed(failure.text)
    }
  }
}
