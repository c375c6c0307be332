import Foundation

/// The listener's own state for a book: loading it with the book, and the
/// changes they make on the Book page. Changes show at once where that is
/// safe (a favourite), or when the server confirms (bookmarks, notes).
func reduceBookExtras(_ state: inout AppState, _ action: LibraryAction) -> [Effect] {
  switch action {
  case .resumeLoaded(let book, let resume):
    state.library.extras[book]?.resume = resume
  case .bookmarksLoaded(let book, let result):
    state.library.extras[book]?.bookmarks = Loadable(result)
  case .notesLoaded(let book, let result):
    state.library.extras[book]?.notes = Loadable(result)
  case .historyLoaded(let book, let result):
    state.library.extras[book]?.history = Loadable(result)
  case .metaLoaded(let book, let meta):
    state.library.extras[book]?.meta = meta?.matched == true ? meta : nil
  case .favouritesLoaded(let serverID, .success(let favourites)):
    guard state.source(serverID) != nil else { return [] }
    state.library.favourites[serverID] = Set(favourites.map { FavouriteKey(libraryID: $0.libraryID, path: $0.path) })
    state.library.favouriteEntries[serverID] = favourites
  case .favouritesLoaded(_, .failure):
    // Without the list the toggle shows "not a favourite"; nothing is lost.
    break

  case .favouriteToggled(let book):
    guard let reach = reachOrSay(&state, book) else { return [] }
    let key = FavouriteKey(libraryID: book.libraryID, path: book.path)
    let isFavourite = state.library.favourites[book.serverID, default: []].contains(key)
    if isFavourite {
      state.library.favourites[book.serverID]?.remove(key)
    } else {
      state.library.favourites[book.serverID, default: []].insert(key)
    }
    return [.setFavourite(book, reach, !isFavourite)]

  case .finishedToggled(let book):
    return toggleFinished(&state, book)

  case .bookmarkAddRequested(let book, let position, let note):
    return reachOrSay(&state, book).map { [.addBookmark(book, $0, position: max(0, position), note: note)] } ?? []
  case .bookmarkDeleteRequested(let book, let id):
    guard let reach = reachOrSay(&state, book) else { return [] }
    // Gone from the list at once; the server's list replaces it after.
    if case .loaded(let marks)? = state.library.extras[book]?.bookmarks {
      state.library.extras[book]?.bookmarks = .loaded(marks.filter { $0.id != id })
    }
    return [.deleteBookmark(book, reach, id: id)]
  case .noteAddRequested(let book, let body):
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, let reach = reachOrSay(&state, book) else { return [] }
    return [.addNote(book, reach, body: trimmed)]
  case .noteDeleteRequested(let book, let id):
    guard let reach = reachOrSay(&state, book) else { return [] }
    if case .loaded(let notes)? = state.library.extras[book]?.notes {
      state.library.extras[book]?.notes = .loaded(notes.filter { $0.id != id })
    }
    return [.deleteNote(book, reach, id: id)]

  case .spoilersRevealed(let book, let reveal):
    state.library.extras[book]?.revealsSpoilers = reveal
  case .changeFailed(let book, let failure):
    state.library.extras[book]?.error = failure.text
  case .errorDismissed(let book):
    state.library.extras[book]?.error = nil

  default:
    break
  }
  return []
}

/// The effects that load a book's extras when it is opened. A server not
/// signed in (waiting for a sign-in again) is not asked: the page says so
/// at once instead of loading forever.
func loadExtras(_ state: inout AppState, _ book: LibraryPath) -> [Effect] {
  state.library.extras[book] = BookExtras()
  guard let reach = state.reach(book.serverID) else {
    state.library.extras[book] = .notSignedIn
    return []
  }
  let metadata = state.connections.capabilities[book.serverID]?.metadata ?? false
  return [
    .loadBookExtras(
      book, reach, favourites: state.library.favourites[book.serverID] == nil, metadata: metadata)
  ]
}

/// Where a change on the Book page goes; nil, with the page saying why,
/// while its server is not signed in (the change is not made).
private func reachOrSay(_ state: inout AppState, _ book: LibraryPath) -> Reach? {
  guard let reach = state.reach(book.serverID) else {
    state.library.extras[book]?.error = notSignedInText
    return nil
  }
  return reach
}

/// What the Book page says of a server it cannot ask.
var notSignedInText: String { tr("Hark is not signed in to this server.") }

extension BookExtras {
  /// A book whose server is not signed in: nothing to wait for.
  static var notSignedIn: BookExtras {
    var extras = BookExtras()
    extras.resume = .failed(.notSignedIn)
    extras.bookmarks = .failed(notSignedInText)
    extras.notes = .failed(notSignedInText)
    extras.history = .failed(notSignedInText)
    return extras
  }
}

/// Marking finished keeps the listener's place (a finished book restarts
/// from the beginning next time, as the reference does); marking a book
/// unfinished that was finished at its end starts it over.
private func toggleFinished(_ state: inout AppState, _ book: LibraryPath) -> [Effect] {
  guard case .loaded(let loaded)? = state.library.books[book] else { return [] }
  var position = 0.0
  var finished = false
  if case .progress(let record)? = state.library.extras[book]?.resume {
    position = record.position
    finished = record.finished
  }
  let duration = loaded.duration.isFinite && loaded.duration > 0 ? loaded.duration : 0
  if finished, duration > 0, position >= duration - finishedTolerance { position = 0 }
  return [.saveProgress(book, position: position, duration: duration, finished: !finished)]
}

/// REFERENCE-BEHAVIOR §6.1: within 5 s of the end counts as the end.
let finishedTolerance = 5.0
