import HarkCore
import Persistence

/// The server lists on disk, signed in (`servers.json`) and signed out of
/// (`remembered-servers.json`), read and written on one `OrderedLane`,
/// never on the main thread: a slow or network home folder must not
/// freeze the window at start, at sign-in or at sign-out.
///
/// One lane for both files, in the order asked: two saves of a list in
/// quick succession land in that order (the file holds the second), and a
/// save asked for while the read at start is queued waits for it, so that
/// read sees the files as the last run left them.
final class ServerLists: Sendable {
  /// What start-up reads before it asks the keyring for anything.
  struct AtStart: Sendable {
    var servers: [ServerConnection]
    var remembered: [RememberedServer]
    /// The book listened to last on this device, paused where it was.
    var lastListened: ProgressRecord?
  }

  private let signedIn: any ServerListStorage<ServerConnection>
  private let signedOut: any ServerListStorage<RememberedServer>
  private let lane = OrderedLane()

  init(signedIn: any ServerListStorage<ServerConnection>, signedOut: any ServerListStorage<RememberedServer>) {
    self.signedIn = signedIn
    self.signedOut = signedOut
  }

  /// Both lists and, from the listening database, the last-listened
  /// book, in one trip to a worker thread.
  func readAtStart(lastListenedIn store: ListeningStore?) async -> AtStart {
    await lane.answer { [signedIn, signedOut] in
      AtStart(servers: signedIn.load(), remembered: signedOut.load(), lastListened: try? store?.lastListened())
    }
  }

  /// Queues the signed-in list's save; returns at once.
  func save(_ servers: [ServerConnection]) {
    lane.add { [signedIn] in signedIn.save(servers) }
  }

  /// Queues the signed-out list's save; returns at once.
  func save(_ servers: [RememberedServer]) {
    lane.add { [signedOut] in signedOut.save(servers) }
  }

  /// Blocks until every save queued so far is on disk, or `limit` has
  /// passed: at quit, so a sign-in or sign-out just before it is kept.
  func waitUntilSaved(within limit: Duration) {
    lane.waitUntilDone(within: limit)
  }
}
