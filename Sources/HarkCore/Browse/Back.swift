/// "Back" from the keyboard (Alt+←, the Back key, the mouse's back button,
/// Escape where nothing else takes it): one step up what the listener
/// went down, the same as the page's own Back button.
///
/// From the Book page to the library as it was; in the library, closes
/// search, then All Books, then goes up a folder, and from a library's
/// root to the overview. The Player and Downloads pages are top-level:
/// back does nothing there.
func goBack(_ state: inout AppState) -> [Effect] {
  switch state.navigation.page {
  case .book:
    state.navigation.page = .library
    if let book = state.library.book { cameBack(&state, from: book) }
    return []
  case .player, .downloads:
    return []
  case .library:
    if state.library.search != nil { return reduceLibrary(&state, .searchClosed) }
    if state.library.bookList != nil { return reduceLibrary(&state, .allBooksClosed) }
    guard let folder = state.library.folder else { return [] }
    if folder.path.isEmpty { return reduceLibrary(&state, .homeRequested) }
    let effects = reduceLibrary(&state, .folderOpened(folder.at(parentPath(folder.path))))
    cameBack(&state, from: folder)
    return effects
  }
}

/// Remembers what back left, for its row to take the focus.
private func cameBack(_ state: inout AppState, from target: LibraryPath) {
  state.library.cameBackFrom = CameBackFrom(target: target, serial: (state.library.cameBackFrom?.serial ?? 0) + 1)
}
