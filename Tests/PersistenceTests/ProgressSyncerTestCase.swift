import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// Shared by the syncer's tests: a fresh database, a scripted transport that
/// accepts every save by default, and servers `s1` and `s2` signed in.
class ProgressSyncerTestCase: XCTestCase {
  var folder: ScratchFolder!
  var store: ListeningStore!
  var transport: ScriptedTransport!
  var logs: LogLines!

  override func setUpWithError() throws {
    folder = ScratchFolder()
    store = try ListeningStore(path: folder.databasePath)
    transport = ScriptedTransport()
    logs = LogLines()
  }

  override func tearDown() {
    store = nil
    folder = nil
  }

  func client(_ transport: ScriptedTransport? = nil) -> AudioSiloClient {
    AudioSiloClient(
      baseURL: URL(string: "http://silo.test")!, token: "token",
      transport: transport ?? self.transport,
      sleep: { _ in })
  }

  /// A syncer whose servers `s1` and `s2` both answer through `transport`.
  func syncer(signedIn servers: Set<String> = ["s1", "s2"]) -> ProgressSyncer {
    let client = client()
    return ProgressSyncer(
      store: store, clients: { servers.contains($0) ? client : nil }, log: logs.sink)
  }

  func pending(_ server: String = "s1") throws -> [ProgressRecord] {
    try store.pendingSaves(serverID: server).map(\.record)
  }

  func queueOffline(_ syncer: ProgressSyncer, _ saves: ProgressRecord...) async throws {
    for save in saves { _ = try await syncer.save(save, online: false) }
  }
}
