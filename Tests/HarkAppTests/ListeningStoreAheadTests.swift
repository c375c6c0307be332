import Foundation
import Networking
import XCTest

@testable import HarkApp

/// Start-up asks for the listening database ahead of its first use, so the
/// window is built while it is created and migrated on a thread of its own.
final class ListeningStoreAheadTests: XCTestCase {
  @MainActor func testTheDatabaseIsOpenedOnAnotherThreadAndTheFirstUseGetsIt() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hark-store-ahead-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let secrets = SecretStorage(
      keepsInFile: { false }, saveKeepsInFile: { _ in }, probeKeyring: { false }, onKeyringChecked: { _ in })
    let connections = ConnectionServices(
      transport: SoupTransport(userAgent: "Hark-app-tests"), secrets: secrets,
      serverList: ServerListFile(directory: folder), deviceName: "Hark app tests", dataDirectory: folder,
      dispatch: { _ in })
    let file = folder.appendingPathComponent("listening.sqlite")

    connections.openListeningStoreAhead()
    // This thread only waits: the file can only come from another one.
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: file.path), Date() < deadline { usleep(5_000) }
    XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "the database was created ahead of its use")

    let store = try XCTUnwrap(connections.progressSyncer?.store, "the first use gets the database opened ahead")
    XCTAssertEqual(store.path, file.path)
    XCTAssertNil(try store.lastListened(), "migrated and readable")
  }
}
