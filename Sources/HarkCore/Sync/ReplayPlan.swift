import Foundation

/// One save in the offline queue: the order it was queued in (`id`, ever
/// increasing) and the record with its real capture time.
public struct QueuedSave: Hashable, Sendable, Identifiable {
  public var id: Int64
  public var record: ProgressRecord

  public init(id: Int64, record: ProgressRecord) {
    self.id = id
    self.record = record
  }

  /// Whether the server's `winner` for this book makes this save pointless
  /// to send: the server keeps a stored row when its `(updated_at, version)`
  /// is at least the incoming one, and a client always sends `version` 0.
  public func isSuperseded(by winner: ProgressRecord) -> Bool {
    record.key == winner.key && record.updatedAt <= winner.updatedAt
  }
}

/// Which queued saves a flush sends, and in what order.
///
/// The queue itself is append-only (every save is written before any network
/// call and kept until the server has answered for it). Replaying all of
/// them would be wasted requests: for one book the server keeps only the
/// newest, so only that one is sent, and the older ones go when the server
/// answers for it. Books go out in the order of their latest save, which is
/// the reference's order (it re-appends a book at the end on every save).
public enum ReplayPlan {
  /// The saves to send, in order: per book, the newest queued save (ties:
  /// the later queued), placed where the book was last queued.
  public static func sends(_ pending: [QueuedSave]) -> [QueuedSave] {
    var best: [LibraryPath: QueuedSave] = [:]
    var lastPlace: [LibraryPath: Int64] = [:]
    for save in pending.sorted(by: { $0.id < $1.id }) {
      let key = save.record.key
      lastPlace[key] = save.id
      if let current = best[key], LastWriteWins.beats(current.record, save.record) { continue }
      best[key] = save
    }
    return best.values.sorted { lastPlace[$0.record.key]! < lastPlace[$1.record.key]! }
  }
}

/// What a flush does after one save fails.
public enum ReplayStep: Equatable, Sendable {
  /// The server answered but could not take it now (5xx, a malformed
  /// answer): keep it and go on with the other books (their fate does not
  /// depend on this one).
  case keepAndContinue
  /// No answer (offline, timed out, cancelled) or rate-limited: keep it and
  /// every later save, in order, for the next flush.
  case keepAndStop
  /// The server refused the save itself (4xx other than 401 and 429): it
  /// would be refused forever, so drop it rather than retry it endlessly.
  case drop
  /// 401: keep everything and stop; the session must be renewed first.
  case stopForAuth

  public init(after error: APIError) {
    switch error {
    case .server(401, _): self = .stopForAuth
    case .server(429, _): self = .keepAndStop
    case .server(let status, _) where (400..<500).contains(status): self = .drop
    case .server, .invalidResponse: self = .keepAndContinue
    // Another server answers at the address: nothing was sent; keep every
    // save for when the right one is back.
    case .timedOut, .cancelled, .unreachable, .certificateRejected, .differentServer: self = .keepAndStop
    }
  }
}
