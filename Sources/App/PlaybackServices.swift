import Foundation
import HarkCore
import Persistence

/// Runs the player session's commands: engine work (with each track turned
/// into a stream request carrying the token in a header, or a downloaded
/// file), resume lookups and saves through the durable progress syncer, and
/// listening spans to the server's history. Engine reports come back as
/// `.player(.playback(.engineReported))`.
@MainActor
final class PlaybackServices {
  private let connections: ConnectionServices
  private let makeEngine: @MainActor () -> (any PlaybackEngine)?
  /// Created on the first play: GStreamer costs start-up time nobody
  /// browsing the library should pay.
  private var engine: (any PlaybackEngine)?
  /// Where saves and listening spans are written, in order (made at the
  /// first; an idle lane holds no thread).
  private lazy var lane = SaveLane { [weak self] outcome, serverID in
    self?.noteReachability(outcome, serverID: serverID)
  }

  init(connections: ConnectionServices, makeEngine: @escaping @MainActor () -> (any PlaybackEngine)?) {
    self.connections = connections
    self.makeEngine = makeEngine
  }

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    if case .engine(let command, let book) = effect { return runEngine(command, book: book, dispatch: dispatch) }
    guard case .playback(let work) = effect else { return }
    switch work {
    case .lookUpResume(let key):
      let syncer = connections.progressSyncer
      Task {
        let answer = await syncer?.resume(key) ?? .failed(.notSignedIn)
        dispatch(.player(.playback(.resumeLookedUp(key, answer), at: Date())))
      }
    case .saveProgress(let update):
      save(update)
    case .recordListening(let span):
      recordListening(span)
    case .showError, .autoDownload, .bookFinished:
      // Auto-download has no setting yet. Errors are shown from the
      // session's state; the Up Next card comes from the ended state in
      // the store (`beginUpNext`).
      break
    }
  }

  private func runEngine(
    _ command: EngineCommand, book: EngineBook?, dispatch: @escaping @MainActor (Action) -> Void
  ) {
    if engine == nil, case .reset = command { return }
    guard let engine = engine ?? startEngine(dispatch) else {
      dispatch(.player(.playback(.engineReported(EngineSnapshot(state: .error)), at: Date())))
      return
    }
    switch command {
    case .load(let tracks, let startIndex, let position, _, let seekID):
      engine.load(sources(tracks, of: book), startIndex: startIndex, position: position, seekID: seekID)
    case .play: engine.play()
    case .pause: engine.pause()
    case .seek(let trackIndex, let position, let seekID):
      engine.seek(trackIndex: trackIndex, position: position, seekID: seekID)
    case .setRate(let rate): engine.setRate(rate)
    case .setVolume(let volume): engine.setVolume(volume)
    case .swapSources(let tracks, let copy):
      guard let key = book?.key else { return }
      engine.swapSources(sources(tracks, of: book)) { played in
        if played {
          dispatch(.player(.playback(.sourcesSwapped(key, copy), at: Date())))
        } else {
          printToStandardError("hark: the downloaded copy of “\(key.path)” could not be played; it plays on from the server.")
        }
      }
    case .reset:
      engine.reset()
    }
  }

  private func startEngine(_ dispatch: @escaping @MainActor (Action) -> Void) -> (any PlaybackEngine)? {
    guard let created = makeEngine() else { return nil }
    created.onSnapshot = { [weak created] snapshot in
      if snapshot.state == .error, let message = created?.lastError {
        dispatch(.player(.engineFailed(message: message)))
      }
      dispatch(.player(.playback(.engineReported(snapshot), at: Date())))
    }
    engine = created
    return created
  }

  /// Downloaded files by `file://`; the rest streamed with the token in
  /// the `Authorization` header (never in the URL), through the server's
  /// transcoder when the book's files cannot be played as they are.
  private func sources(_ tracks: [BookTrack], of book: EngineBook?) -> [EngineSource] {
    let client = book?.access.flatMap { connections.streamingClient($0) }
    let transcoded = book?.transcoded ?? false
    let fileMarks = book?.marks ?? []
    return tracks.enumerated().map { index, track in
      let marks = fileMarks.indices.contains(index) ? fileMarks[index] : []
      if let local = track.localFile { return EngineSource(uri: local, duration: track.duration, marks: marks) }
      guard let client, let key = book?.key else {
        // Not signed in and not downloaded: an address that fails at once,
        // so the session reports an error rather than waiting.
        return EngineSource(uri: URL(string: "file:///nonexistent")!, duration: track.duration)
      }
      let request = client.streamRequest(
        libraryID: key.libraryID, path: track.path, transcodeFrom: transcoded ? 0 : nil)
      return EngineSource(
        uri: request.url, headers: request.headers, duration: track.duration, isTranscoded: transcoded, marks: marks)
    }
  }

  /// A save that reached the server, or did not, is evidence of whether it
  /// is there: a stopped server is announced at the next autosave (10 s),
  /// not when a page that was not cached is opened.
  private func noteReachability(_ outcome: SaveOutcome, serverID: String) {
    switch outcome {
    case .sent, .authFailed: connections.record(nil, serverID: serverID)
    case .refused(let error), .queued(let error?): connections.record(error, serverID: serverID)
    case .queued(nil), .keptHere: break  // not tried: already known to be away, or no server
    }
  }

  private func save(_ save: ProgressRecord) {
    guard let syncer = connections.progressSyncer else {
      printToStandardError("hark: your place could not be saved: the listening database did not open.")
      return
    }
    lane.save(save, to: syncer)
  }

  /// A span for the book's history, after the saves made before it: kept
  /// here for a book on this computer, sent to its server otherwise.
  private func recordListening(_ span: ListeningSpan) {
    let history = HistorySpan(
      fromPosition: span.from, toPosition: span.to, startedAt: Timestamp(span.startedAt),
      endedAt: Timestamp(span.endedAt))
    let key = span.key
    if LocalSource.isLocal(key.serverID) {
      let store = connections.progressSyncer?.store
      lane.add {
        do { try store?.addLocalHistory(key, history) } catch {
          printToStandardError("hark: a listening span was not recorded: \(error.localizedDescription)")
        }
      }
      return
    }
    guard let client = connections.signedInClient(key.serverID) else { return }
    let connections = connections
    lane.add {
      // History is a nicety: a span that cannot be sent is not retried.
      let failure: APIError?
      do throws(APIError) {
        try await client.addHistory(libraryID: key.libraryID, path: key.path, history)
        failure = nil
      } catch {
        printToStandardError("hark: a listening span was not recorded.")
        failure = error
      }
      // Not awaited, as a place's answer: at quit the main thread is the
      // one waiting for the lane.
      Task { @MainActor in connections.record(failure, serverID: key.serverID) }
    }
  }

  /// Blocks until every save made so far is written (and sent, or not), or
  /// `limit` has passed: at quit, after `.quitting` saved the place.
  func waitForSaves(within limit: Duration) {
    lane.waitUntilWritten(within: limit)
  }
}
