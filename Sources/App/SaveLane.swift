import Foundation
import GObjectKit
import HarkCore
import Persistence

/// Where the player's saves are written: off the main thread, one after
/// another in the order they were made, the device id's lookup included.
/// The listening spans for the book's history go the same way, so that a
/// quit's wait covers the span it ends as well as its place.
///
/// Why not a `Task` on the main actor per save, as before: that read the
/// device id from the database on the main thread, and every save's answer
/// came back to it. For a book on this computer the answer says nothing
/// (`keptHere`), yet it woke the main thread once more at every autosave
/// while a book played (seen with `perf record -e sched:sched_switch` on
/// the main thread beside `scripts/bench`'s playing run). Now only an answer
/// with news of a server's reachability goes back to the main thread, and
/// one save costs one worker thread's wake-up.
///
/// Why an `OrderedLane` and not a detached task per save: two detached
/// tasks may reach the syncer in either order; here a pause's save always
/// follows the autosave made just before it, and the offline queue keeps
/// the order the listener made them in.
///
/// Why the write starts only once the main loop is idle: an autosave is
/// made as an engine report updates the labels, just before the window
/// paints. A worker woken then ran beside the frame and, on a machine with
/// two processors, preempted the main thread in the middle of it (seen with
/// `perf`). Started after the paint, the worker runs while the main thread
/// sleeps. A main loop that never went idle would still have it started
/// within a second; `waitUntilWritten` starts it at once.
final class SaveLane: Sendable {
  /// Told what a save's answer says of its server.
  typealias NoteReachability = @MainActor @Sendable (_ outcome: SaveOutcome, _ serverID: String) -> Void

  private let lane: OrderedLane
  private let noteReachability: NoteReachability

  init(
    startWhenIdle: @escaping OrderedLane.StartWhenIdle = { start in
      MainContext.afterPendingWork(atMost: .seconds(1)) { start() }
    },
    noteReachability: @escaping NoteReachability
  ) {
    lane = OrderedLane(startWhenIdle: startWhenIdle)
    self.noteReachability = noteReachability
  }

  /// Queues `record` for `syncer`; returns at once.
  func save(_ record: ProgressRecord, to syncer: ProgressSyncer) {
    lane.add { [self] in await write(record, to: syncer) }
  }

  /// Queues `write` (a listening span) after every write queued before it;
  /// returns at once.
  func add(_ write: @escaping OrderedLane.Job) {
    lane.add(write)
  }

  /// Blocks until every save queued so far is written (and sent, or not),
  /// or `limit` has passed: at quit, so the place paused there is on disk
  /// before the process ends. Never waits on the main thread's work.
  func waitUntilWritten(within limit: Duration) {
    lane.waitUntilDone(within: limit)
  }

  private func write(_ record: ProgressRecord, to syncer: ProgressSyncer) async {
    do {
      var record = record
      record.deviceID = try syncer.store.deviceID()
      let outcome = try await syncer.save(record)
      guard outcome.saysWhetherServerAnswered else { return }
      // Not awaited: the lane goes on without waiting for the main thread
      // (which, at quit, is the one waiting for the lane).
      let note = noteReachability
      let serverID = record.key.serverID
      Task { @MainActor in note(outcome, serverID) }
    } catch {
      printToStandardError("hark: your place could not be saved: \(error.localizedDescription)")
    }
  }
}

extension SaveOutcome {
  /// Whether the save reached its server, or tried to and failed: news for
  /// the server's reachability. A book on this computer, or a save only
  /// queued because the server was already known to be away, is not.
  fileprivate var saysWhetherServerAnswered: Bool {
    switch self {
    case .keptHere, .queued(nil): false
    case .sent, .authFailed, .refused, .queued(.some): true
    }
  }
}
