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
    let key = FavouriteKey(libraryID: book.libraryID, path: book.path)
    let isFavourite = state.library.favourites[book.serverID, default: []].contains(key)
    if isFavourite {
      state.library.favourites[book.serverID]?.remove(key)
    } else {
      state.library.favourites[book.serverID, default: []].insert(key)
    }
    return [.setFavourite(book, !isFavourite)]

  case .finishedToggled(let book):
    return toggleFinished(&state, book)

  case .bookmarkAddRequested(let book, let position, let note):
    return [.addBookmark(book, position: max(0, position), note: note)]
  case .bookmarkDeleteRequested(let book, let id):
    // Gone from the list at once; the server's list replaces it after.
    if case .loaded(let marks)? = state.library.extras[book]?.bookmarks {
      state.library.extras[book]?.bookmarks = .loaded(marks.filter { $0.id != id })
    }
    return [.deleteBookmark(book, id: id)]
  case .noteAddRequested(let book, let body):
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? [] : [.addNote(book, body: trimmed)]
  case .noteDeleteRequested(let book, let id):
    if case .loaded(let notes)? = state.library.extras[book]?.notes {
      state.library.extras[book]?.notes = .loaded(notes.filter { $0.id != id })
    }
    return [.deleteNote(book, id: id)]

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

/// The effects that load a book's extras when it is opened.
func loadExtras(_ state: inout AppState, _ book: LibraryPath) -> [Effect] {
  state.library.extras[book] = BookExtras()
  let metadata = state.connections.capabilities[book.serverID]?.metadata ?? false
  return [
    .loadBookExtras(
      book, favourites: state.library.favourites[book.serverID] == nil, metadata: metadata)
  ]
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
