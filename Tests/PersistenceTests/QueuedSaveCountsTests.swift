import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// The queue counted per server on a real database file, and counted the
/// same after the file is opened again (a restart of Hark).
final class QueuedSaveCountsTests: XCTestCase {
  func testQueuedSavesAreCountedPerServerAndAgainAfterAReopen() throws {
    let folder = ScratchFolder()
    var store: ListeningStore? = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try store?.queuedSaveCounts(), [:], "nothing queued: no server listed")
    try store?.recordLocal(Saves.record("A/One", position: 10, at: 0))
    try store?.recordLocal(Saves.record("A/One", position: 12, at: 1))
    try store?.recordLocal(Saves.record("A/Two", position: 20, at: 2))
    let refused = try store?.recordLocal(Saves.record("A/One", position: 5, at: 3, server: "s2"))
    try store?.recordLocal(Saves.record("B/Three", position: 7, at: 4, server: "s2"))
    try store?.discard(id: try XCTUnwrap(refused).id)  // refused for good: no longer queued
    XCTAssertEqual(try store?.queuedSaveCounts(), ["s1": 3, "s2": 1])

    store = nil
    let reopened = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try reopened.queuedSaveCounts(), ["s1": 3, "s2": 1])
    // The number a sign-out's flush reports as remaining, for the same queue.
    XCTAssertEqual(try reopened.pendingSaves(serverID: "s1").count, 3)
  }
}
