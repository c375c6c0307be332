/// The library folders on this computer: which there are, scanning them,
/// and showing what a scan found on the pages already open.
func reduceLocalLibrary(_ state: inout AppState, _ action: LocalLibraryAction) -> [Effect] {
  switch action {
  case .foldersLoaded(let paths):
    let folders = libraryFolders(paths, ids: state.localLibrary.libraryIDs)
    // Our own write coming back from GSettings: nothing changed.
    guard folders != state.localLibrary.folders else { return [] }
    setFolders(&state, folders)
    return startScan(&state)

  case .folderChosen(let path):
    var paths = state.localLibrary.folders.map(\.path)
    guard !paths.contains(path) else { return startScan(&state) }
    // A folder that holds no book (the default one on a first run, or one
    // gone) is no library: the chosen one takes its place.
    paths.removeAll { old in
      guard let folder = state.localLibrary.folders.first(where: { $0.path == old }),
        let scan = state.localLibrary.scans[folder.id]
      else { return false }
      return scan.books == 0
    }
    paths.append(path)
    setFolders(&state, libraryFolders(paths, ids: state.localLibrary.libraryIDs))
    return [.persistLocalFolders(paths)] + startScan(&state)

  case .folderMoved(let from, let to):
    guard let index = state.localLibrary.folders.firstIndex(where: { $0.path == from }),
      !state.localLibrary.folders.contains(where: { $0.path == to })
    else { return [] }
    // Its id goes with it (the scan's identification finds the same one
    // from its files, and moves its index in the database).
    state.localLibrary.libraryIDs[to] = state.localLibrary.folders[index].id
    var paths = state.localLibrary.folders.map(\.path)
    paths[index] = to
    setFolders(&state, libraryFolders(paths, ids: state.localLibrary.libraryIDs))
    return [.persistLocalFolders(paths)] + startScan(&state)

  case .folderRemoved(let libraryID):
    let paths = state.localLibrary.folders.filter { $0.id != libraryID }.map(\.path)
    guard paths.count < state.localLibrary.folders.count else { return [] }
    setFolders(&state, libraryFolders(paths, ids: state.localLibrary.libraryIDs))
    return [.persistLocalFolders(paths)] + startScan(&state)

  case .foldersIdentified(let ids, let renamedFrom):
    state.localLibrary.libraryIDs.merge(ids) { _, identified in identified }
    let paths = state.localLibrary.folders.map(\.path).filter { !renamedFrom.contains($0) }
    let folders = libraryFolders(paths, ids: state.localLibrary.libraryIDs)
    let persist: [Effect] = paths.count < state.localLibrary.folders.count ? [.persistLocalFolders(paths)] : []
    if folders != state.localLibrary.folders { setFolders(&state, folders) }
    // The scan that asked stopped to let the ids change first: run it again.
    return persist + startScan(&state)

  case .itemsOffered(let items):
    guard !items.isEmpty else { return [] }
    state.localLibrary.offersMade += 1
    state.localLibrary.offer = LocalLibraryOffer(items: items, serial: state.localLibrary.offersMade)
    return []

  case .offerAnswered(let answer):
    guard let offer = state.localLibrary.offer else { return [] }
    state.localLibrary.offer = nil
    switch answer {
    case .cancel:
      return []
    case .addInPlace:
      return offer.items.filter(\.isFolder).flatMap { reduceLocalLibrary(&state, .folderChosen($0.path)) }
    case .copy:
      guard let target = state.localLibrary.copyTarget else { return [] }
      state.localLibrary.copying += offer.items.count
      return [.copyIntoLibrary(offer.items.map(\.path), folder: target.path)]
    }

  case .copyFinished(let outcome):
    state.localLibrary.copying = max(0, state.localLibrary.copying - outcome.copied.count - outcome.failed.count)
    state.localLibrary.lastCopy = outcome
    state.localLibrary.copiesFinished += 1
    // The folder watch would see them too, a few seconds later.
    return outcome.copied.isEmpty ? [] : startScan(&state)

  case .folderChooserRequested:
    state.localLibrary.chooserRequests += 1
    return []

  case .rescanRequested:
    return startScan(&state)

  case .scanProgressed(let done, let total):
    guard state.localLibrary.scanning else { return [] }
    state.localLibrary.progress = LocalScanCount(done: done, total: total)
    return []

  case .booksFound(let libraryID, let path, let books):
    guard state.localLibrary.scanning,
      state.localLibrary.folders.contains(where: { $0.id == libraryID && $0.path == path })
    else { return [] }
    // The home shelves fill at the first batch and again at the scan's
    // end, not at every batch: rebuilding them is most of a batch's cost.
    let first = state.localLibrary.scans[libraryID] == nil
    state.localLibrary.scans[libraryID] = LocalFolderScan(
      libraryID: libraryID, path: path, books: books, skipped: [], available: true)
    return reloadShown(&state, libraryID: libraryID) + (first ? [.loadHome(.thisComputer)] : [])

  case .folderScanned(let scan):
    // A scan of a folder since removed.
    guard state.localLibrary.folders.contains(where: { $0.id == scan.libraryID && $0.path == scan.path })
    else { return [] }
    state.localLibrary.scans[scan.libraryID] = scan
    return reloadShown(&state, libraryID: scan.libraryID) + [.loadHome(.thisComputer)]

  case .scanFinished:
    state.localLibrary.scanning = false
    state.localLibrary.progress = nil
    return []
  }
}

/// Each folder's library id is the one the database keeps for it, else
/// its path's hash (a folder listed twice is one library).
private func libraryFolders(_ paths: [String], ids: [String: Int]) -> [LocalFolder] {
  var seen = Set<String>()
  return paths.filter { seen.insert($0).inserted }.map {
    LocalFolder(id: ids[$0] ?? LocalLibraryID.forFolder($0), path: $0)
  }
}

private func setFolders(_ state: inout AppState, _ folders: [LocalFolder]) {
  let removed = !Set(state.localLibrary.folders.map(\.id)).isSubset(of: folders.map(\.id))
  state.localLibrary.folders = folders
  state.localLibrary.scans = state.localLibrary.scans.filter { id, scan in
    folders.contains { $0.id == id && $0.path == scan.path }
  }
  state.connections.libraries[LocalSource.serverID] =
    .loaded(folders.map { LibrarySummary(id: $0.id, name: $0.name) })
  // A folder gone: nothing loaded from it is shown any more.
  if removed { state.library.forget(serverID: LocalSource.serverID) }
}

private func startScan(_ state: inout AppState) -> [Effect] {
  state.localLibrary.scanning = !state.localLibrary.folders.isEmpty
  state.localLibrary.progress = nil
  return state.localLibrary.folders.isEmpty ? [] : [.scanLocalLibrary(state.localLibrary.folders)]
}

/// A new scan replaces what the open pages showed of that folder: they
/// read it again (from memory, at once; what they show stays until the
/// answer replaces it, so nothing flickers), the rest is read when opened.
private func reloadShown(_ state: inout AppState, libraryID: Int) -> [Effect] {
  func inLibrary(_ path: LibraryPath) -> Bool { path.isLocal && path.libraryID == libraryID }
  var shownFolders: [LibraryPath] = []
  if let folder = state.library.folder, inLibrary(folder) { shownFolders.append(folder) }
  if let book = state.library.book, inLibrary(book) { shownFolders.append(book.at(parentPath(book.path))) }
  let shownBook = state.library.book.flatMap { inLibrary($0) ? $0 : nil }
  state.library.folders = state.library.folders.filter { !inLibrary($0.key) || shownFolders.contains($0.key) }
  state.library.books = state.library.books.filter { !inLibrary($0.key) || $0.key == shownBook }
  var effects: [Effect] = []
  for folder in shownFolders where !effects.contains(.browseFolder(folder, .thisComputer)) {
    if state.library.folders[folder] == nil { state.library.folders[folder] = .loading }
    effects.append(.browseFolder(folder, .thisComputer))
  }
  if let book = shownBook {
    if state.library.books[book] == nil { state.library.books[book] = .loading }
    effects.append(.loadBook(book, .thisComputer))
  }
  if let list = state.library.bookList, list.query.serverID == LocalSource.serverID,
    list.query.libraryID == libraryID
  {
    state.library.bookList = BookListState(query: list.query, returnsToBook: list.returnsToBook)
    effects.append(.loadBooksPage(list.query, .thisComputer, cursor: nil))
  }
  return effects
}
