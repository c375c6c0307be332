import Foundation

/// What the server said when asked for one book's progress.
public enum ServerProgress: Equatable, Sendable {
  /// HTTP 200 with a row.
  case found(ProgressRecord)
  /// HTTP 200 with `{"progress": null}`: the server is sure there is none.
  case noRecord
  /// No usable answer (offline, timed out, refused, signed out).
  case failed(ResumeLookup.Failure)
}

/// What this device holds for one book.
public enum LocalProgress: Equatable, Sendable {
  /// The mirror entry and every save still queued for the book.
  case records(mirror: ProgressRecord?, queued: [ProgressRecord])
  /// The local database could not be read.
  case unreadable(String)

  public static let nothing = LocalProgress.records(mirror: nil, queued: [])
}

/// Where to resume a book: a position, "never played", or "cannot tell".
///
/// `.failed` is never `.empty`: starting at 0 because the server was
/// unreachable would silently throw the listener's place away, so the player
/// shows an error with Retry instead.
public enum ResumeLookup: Equatable, Sendable {
  case progress(ProgressRecord)
  case empty
  case failed(Failure)

  /// Why the answer is unknown.
  public enum Failure: Equatable, Sendable {
    /// The server did not give a usable answer.
    case server(APIError)
    /// No signed-in client for the server.
    case notSignedIn
    /// The server had no row and the local store could not be read, so a
    /// newer local position may exist.
    case localStore(String)
  }

  /// §7 `loadInitialProgress`: the newest of the server row, the mirror and
  /// the queued saves (ties keep that order: server, then mirror, then
  /// queue). With nothing anywhere: `.empty` only when the server answered,
  /// else `.failed`.
  public static func resolve(server: ServerProgress, local: LocalProgress) -> ResumeLookup {
    let serverRow: ProgressRecord? = if case .found(let row) = server { row } else { nil }
    switch local {
    case .records(let mirror, let queued):
      let best = LastWriteWins.newest(
        LastWriteWins.newest(serverRow, mirror), LastWriteWins.newest(of: queued))
      if let best { return .progress(best) }
      if case .failed(let failure) = server { return .failed(failure) }
      return .empty
    case .unreadable(let reason):
      // The server's row is the best available: anything newer still queued
      // here reaches the server on the next flush and wins there.
      if let serverRow { return .progress(serverRow) }
      if case .failed(let failure) = server { return .failed(failure) }
      return .failed(.localStore(reason))
    }
  }
}
