import Foundation

/// What a failed view says when its server is known to be unreachable:
/// not the transport's error, but that the server is away and Hark will
/// come back by itself. Nil while the server answers (the failure is then
/// the server's own, worded by the client).
public func offlineNotice(_ s: AppState, serverID: String) -> String? {
  guard s.connections.unreachable.contains(serverID), let server = s.connections.server(serverID) else { return nil }
  return trFormat("“%@” is not answering. This loads again by itself when it is back.", server.name)
}

/// A server answers again: whatever it failed to show is read again, so a
/// listener who stayed on the page sees it fill in without pressing Try
/// Again. The folder and book on screen are read afresh too: offline they
/// were shown as last seen (`LibraryCache`), and the new answer replaces
/// them in place, without a spinner.
func reloadFailed(_ state: inout AppState, serverID: String) -> [Effect] {
  // Not signed in: nothing can be read again until the sign-in.
  guard let reach = state.reach(serverID) else { return [] }
  var effects: [Effect] = []
  if let folder = state.library.folder, folder.serverID == serverID, let shown = state.library.folders[folder],
    shown != .loading
  {
    if case .failed = shown { state.library.folders[folder] = .loading }
    effects.append(.browseFolder(folder, reach))
  }
  if let book = state.library.book, book.serverID == serverID, let shown = state.library.books[book],
    shown != .loading
  {
    if case .failed = shown { state.library.books[book] = .loading }
    effects.append(.loadBook(book, reach))
  }
  if state.library.bookList?.query.serverID == serverID {
    effects += reduceBookList(&state, .booksRetryRequested)
  }
  return effects
}
