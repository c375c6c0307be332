import Foundation
import HarkCore

/// Signed in to server "a" ("Home"), the Book page open on `book` at
/// `target`, never started, and Play pressed on it at `t0`.
func playingFromItsPage(_ target: LibraryPath, _ book: Book, at t0: Date) -> AppState {
  var state = AppState()
  state.connections.servers = [
    ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
  ]
  _ = reduce(&state, .library(.bookOpened(target)))
  _ = reduce(&state, .library(.bookLoaded(target, .success(book))))
  _ = reduce(&state, .library(.resumeLoaded(target, .empty)))
  _ = reduce(&state, .player(.playRequested(target, .position(0), at: t0)))
  return state
}

/// The engine's report of `engine` at `position` of a book `duration`
/// long, `seconds` after `t0`.
func reportEngine(
  _ state: inout AppState, _ engine: EngineState, at position: Double, duration: Double, after seconds: Double,
  since t0: Date
) {
  _ = reduce(
    &state,
    .player(.playback(
      .engineReported(EngineSnapshot(state: engine, position: position, duration: duration, seekID: SeekID(1))),
      at: t0.addingTimeInterval(seconds))))
}

/// A book at `target` in one file, `file` inside its folder, with
/// `chapters` (title and length, in order) back to back.
func oneFileBook(_ target: LibraryPath, title: String, file: String, chapters: [(title: String, length: Double)]) -> Book {
  let path = "\(target.path)/\(file)"
  var start = 0.0
  var marks: [Chapter] = []
  for (index, chapter) in chapters.enumerated() {
    marks.append(Chapter(index: index, title: chapter.title, filePath: path, start: start, end: start + chapter.length))
    start += chapter.length
  }
  return Book(
    libraryID: target.libraryID, relPath: target.path, title: title, duration: start,
    files: [BookFile(relPath: path, duration: start)], chapters: marks)
}
