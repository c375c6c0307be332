import HarkCore
import Synchronization

/// The signed-in clients (`ConnectionServices.clients`, copied at every
/// change), readable from any thread: the progress syncer finds a save's
/// client here without waiting for the main thread. At quit the main
/// thread waits for the last save (`SaveLane`), so a lookup that needed it
/// would hold that save back until the wait gave up, and the place paused
/// at quit would never reach the server.
final class ClientsForSync: Sendable {
  private let clients = Mutex<[String: AudioSiloClient]>([:])

  func replace(with all: [String: AudioSiloClient]) {
    clients.withLock { $0 = all }
  }

  func client(_ serverID: String) -> AudioSiloClient? {
    clients.withLock { $0[serverID] }
  }
}
