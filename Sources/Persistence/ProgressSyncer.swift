import Foundation
import HarkCore

/// Progress sync that never loses a position.
///
/// A save is written to the local database (mirror + queue, one commit)
/// before the network is tried. The `PUT` carries the save's own capture
/// time and `version` 0, and whatever row the server says won goes into the
/// mirror. A save without an answer stays queued; `flush(serverID:)` replays
/// the queue on reconnect with the original times. Flushes of one server run
/// one after another, so no save is sent twice at once.
public actor ProgressSyncer {
  /// The signed-in client for a server, or nil when there is none.
  public typealias ClientLookup = @Sendable (_ serverID: String) async -> AudioSiloClient?

  public nonisolated let store: ListeningStore
  private let clients: ClientLookup
  private let log: @Sendable (String) -> Void
  /// The last flush started per server; the next one waits for it.
  private var flushTail: [String: (id: Int, task: Task<FlushReport, Never>)] = [:]
  private var flushCount = 0

  public init(
    store: ListeningStore, clients: @escaping ClientLookup,
    log: @escaping @Sendable (String) -> Void = ProgressSyncer.logToStandardError
  ) {
    self.store = store
    self.clients = clients
    self.log = log
  }

  /// Writes `"hark: progress sync: <message>"` to standard error.
  public static let logToStandardError: @Sendable (String) -> Void = { message in
    FileHandle.standardError.write(Data("hark: progress sync: \(message)\n".utf8))
  }

  // MARK: Saving

  /// Records `record` locally, then (when `online`) sends it.
  ///
  /// After a delivered save, any older saves still queued for the server
  /// are flushed in the background (the server evidently answers again).
  /// - Parameter online: false when reachability already knows the server
  ///   is offline: the save is only queued, with no request.
  /// - Throws: only when the save could neither be written locally nor
  ///   delivered, i.e. the position would be lost.
  public func save(_ record: ProgressRecord, online: Bool = true) async throws -> SaveOutcome {
    let serverID = record.key.serverID
    if LocalSource.isLocal(serverID) {
      // A book on this computer has no server to send to: the mirror is
      // its record (keep-newest, crash-safe), and nothing is queued.
      try store.mergeIntoMirror(record)
      return .keptHere
    }
    var queued: QueuedSave?
    var localFailure: (any Error)?
    do {
      queued = try store.recordLocal(record)
    } catch {
      localFailure = error
      log("could not record \(record.key) locally: \(error)")
    }

    let outcome: SaveOutcome
    if online, let client = await clients(serverID) {
      outcome = await send(record, queuedAs: queued?.id, with: client)
    } else {
      outcome = .queued(nil)
    }
    if case .sent = outcome {
      scheduleFlushIfPending(serverID)
    } else if let localFailure {
      throw localFailure
    }
    return outcome
  }

  private func send(_ record: ProgressRecord, queuedAs id: Int64?, with client: AudioSiloClient)
    async
    -> SaveOutcome
  {
    do throws(APIError) {
      let row = try await client.saveProgress(
        libraryID: record.key.libraryID, path: record.key.path, record.save)
      let winner = ProgressRecord(row: row, serverID: record.key.serverID)
      do {
        if let id {
          try store.markSent(id: id, winner: winner)
        } else {
          try store.mergeIntoMirror(winner)
        }
      } catch {
        // Still queued: the next flush resends it and gets the same winner.
        log("could not mark \(record.key) sent: \(error)")
      }
      return .sent(winner: winner)
    } catch {
      switch ReplayStep(after: error) {
      case .drop:
        log("the server refused the save of \(record.key) (\(error)); dropped")
        if let id { discard(id) }
        return .refused(error)
      case .stopForAuth:
        return .authFailed
      case .keepAndStop, .keepAndContinue:
        return .queued(error)
      }
    }
  }

  // MARK: Flushing

  /// Replays the saves queued for `serverID`, oldest book first, each with
  /// its original `updated_at` (see `ReplayPlan`, `ReplayStep`): stops at
  /// the first unanswered request or a 401, keeps a 5xx and goes on, drops
  /// what the server refuses for good. Ignores reachability: call it on
  /// reconnect. Waits for a flush of the same server already under way.
  public func flush(serverID: String) async -> FlushReport {
    await startFlush(serverID).value
  }

  private func startFlush(_ serverID: String) -> Task<FlushReport, Never> {
    flushCount += 1
    let id = flushCount
    let previous = flushTail[serverID]?.task
    let task = Task { await self.runFlush(serverID, id: id, after: previous) }
    flushTail[serverID] = (id, task)
    return task
  }

  private func runFlush(_ serverID: String, id: Int, after previous: Task<FlushReport, Never>?)
    async
    -> FlushReport
  {
    _ = await previous?.value
    let report = await replayQueue(serverID)
    if flushTail[serverID]?.id == id { flushTail[serverID] = nil }
    return report
  }

  private func scheduleFlushIfPending(_ serverID: String) {
    guard let pending = try? store.pendingSaves(serverID: serverID), !pending.isEmpty else {
      return
    }
    _ = startFlush(serverID)
  }

  private func replayQueue(_ serverID: String) async -> FlushReport {
    var report = FlushReport()
    guard let client = await clients(serverID) else {
      report.stop = .notSignedIn
      report.remaining = (try? store.pendingSaves(serverID: serverID).count) ?? 0
      return report
    }
    let pending: [QueuedSave]
    do {
      pending = try store.pendingSaves(serverID: serverID)
    } catch {
      log("could not read the queue of \(serverID): \(error)")
      report.stop = .localStore("\(error)")
      return report
    }

    sending: for save in ReplayPlan.sends(pending) {
      let record = save.record
      do throws(APIError) {
        let row = try await client.saveProgress(
          libraryID: record.key.libraryID, path: record.key.path, record.save)
        let winner = ProgressRecord(row: row, serverID: serverID)
        do {
          try store.markSent(id: save.id, winner: winner)
        } catch {
          log("could not mark \(record.key) sent: \(error)")
          report.stop = .localStore("\(error)")
          break sending
        }
        report.sent.append(winner)
      } catch {
        switch ReplayStep(after: error) {
        case .drop:
          log("the server refused the queued save of \(record.key) (\(error)); dropped")
          discard(save.id)
          report.dropped.append(UndeliveredSave(record: record, error: error))
        case .keepAndContinue:
          log("the server failed on the queued save of \(record.key) (\(error)); kept")
          report.deferred.append(UndeliveredSave(record: record, error: error))
        case .keepAndStop:
          report.stop = .interrupted(error)
          break sending
        case .stopForAuth:
          log("the server no longer accepts this session; \(serverID)'s queue waits for sign-in")
          report.stop = .authFailed
          break sending
        }
      }
    }
    report.remaining = (try? store.pendingSaves(serverID: serverID).count) ?? 0
    return report
  }

  private func discard(_ id: Int64) {
    do { try store.discard(id: id) } catch { log("could not drop queued save \(id): \(error)") }
  }

  // MARK: Reading

  /// Where to resume a book (§7 `loadInitialProgress`): the newest of the
  /// server's row, the mirror and the queued saves; `.empty` only when the
  /// server answered that there is none, `.failed` when nobody can tell.
  /// A server row found here is mirrored (keep-newest).
  public func resume(_ key: LibraryPath) async -> ResumeLookup {
    let server: ServerProgress
    if LocalSource.isLocal(key.serverID) {
      server = .noRecord  // no server to ask: this computer's mirror decides
    } else if let client = await clients(key.serverID) {
      do throws(APIError) {
        let row = try await client.progress(libraryID: key.libraryID, path: key.path)
        server = row.map { .found(ProgressRecord(row: $0, serverID: key.serverID)) } ?? .noRecord
      } catch {
        server = .failed(.server(error))
      }
    } else {
      server = .failed(.notSignedIn)
    }
    if case .found(let record) = server {
      do { try store.mergeIntoMirror(record) } catch { log("could not mirror \(key): \(error)") }
    }
    let local: LocalProgress
    do {
      local = .records(
        mirror: try store.mirror(key: key), queued: try store.pendingSaves(for: key).map(\.record))
    } catch {
      log("could not read \(key) locally: \(error)")
      local = .unreadable("\(error)")
    }
    return ResumeLookup.resolve(server: server, local: local)
  }

  /// Seeds the mirror from `GET /me/progress` (offline use), never
  /// overwriting a newer local row.
  /// - Returns: how many mirror rows changed (0 without a signed-in client).
  @discardableResult
  public func seed(serverID: String) async throws -> Int {
    guard let client = await clients(serverID) else { return 0 }
    return try store.seed(from: try await client.progress(), serverID: serverID)
  }
}
