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
