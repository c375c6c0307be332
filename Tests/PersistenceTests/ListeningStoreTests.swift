import Foundation
import GRDB
import HarkCore
import XCTest

@testable import Persistence

/// The mirror and the queue on disk: one transaction per write, keep-newest
/// mirror, append-only queue in capture order.
final class ListeningStoreTests: XCTestCase {
  private var folder: ScratchFolder!
  private var store: ListeningStore!

  override func setUpWithError() throws {
    folder = ScratchFolder()
    store = try ListeningStore(path: folder.databasePath)
  }

  override func tearDown() {
    store = nil
    folder = nil
  }

  func testTheDatabaseIsInWALModeWithFullSync() throws {
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.databasePath))
    let (mode, synchronous) = try store.database.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA journal_mode"),
        try Int.fetchOne(db, sql: "PRAGMA synchronous")
      )
    }
    XCTAssertEqual(mode, "wal")
    XCTAssertEqual(synchronous, 2)  // FULL
    // WAL is a property of the file: any other connection sees it too.
    let other = try DatabaseQueue(path: folder.databasePath)
    XCTAssertEqual(try other.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
  }

  func testRecordLocalWritesTheMirrorAndTheQueue() throws {
    let save = Saves.record(position: 42, at: 5)
    let queued = try store.recordLocal(save)
    XCTAssertEqual(queued.record, save)
    XCTAssertEqual(try store.mirror(key: save.key), save)
    XCTAssertEqual(try store.pendingSaves(serverID: "s1"), [queued])
    XCTAssertEqual(try store.pendingSaves(for: save.key), [queued])
  }

  func testRecordLocalIsAllOrNothing() throws {
    let first = Saves.record(position: 10, at: 0)
    try store.recordLocal(first)
    // Make the queue insert fail after the mirror row was written.
    try store.database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER refuse_queue BEFORE INSERT ON progress_queue
          BEGIN SELECT RAISE(ABORT, 'disk full'); END
          """)
    }
    XCTAssertThrowsError(try store.recordLocal(Saves.record(position: 20, at: 10)))
    XCTAssertThrowsError(try store.recordLocal(Saves.record("B/Other", position: 5, at: 10)))
    XCTAssertEqual(try store.mirror(key: first.key), first, "the mirror write was rolled back")
    XCTAssertNil(try store.mirror(key: Saves.key("B/Other")))
    XCTAssertEqual(try store.pendingSaves(serverID: "s1").map(\.record), [first])
  }

  func testTheQueueKeepsEverySaveInOrderWithItsCaptureTime() throws {
    let saves = [
      Saves.record("A", position: 1, at: 0.001),
      Saves.record("B", position: 2, at: 15.5),
      Saves.record("A", position: 3, at: 30.25),
    ]
    for save in saves { try store.recordLocal(save) }
    let pending = try store.pendingSaves(serverID: "s1")
    XCTAssertEqual(pending.map(\.record), saves)
    XCTAssertEqual(pending.map(\.id), pending.map(\.id).sorted())
    XCTAssertEqual(
      pending.map { $0.record.save.updatedAt.rawValue },
      ["2026-01-01T00:00:00.001Z", "2026-01-01T00:00:15.500Z", "2026-01-01T00:00:30.250Z"])
    XCTAssertEqual(try store.pendingSaves(for: Saves.key("A")).map(\.record.position), [1, 3])
  }

  func testQueuesOfDifferentServersStayApart() throws {
    try store.recordLocal(Saves.record("X", position: 11, server: "s1"))
    try store.recordLocal(Saves.record("X", position: 22, server: "s2"))
    XCTAssertEqual(try store.pendingSaves(serverID: "s1").map(\.record.position), [11])
    XCTAssertEqual(try store.pendingSaves(serverID: "s2").map(\.record.position), [22])
    XCTAssertEqual(try store.mirror(key: Saves.key("X", server: "s1"))?.position, 11)
    XCTAssertEqual(try store.mirror(key: Saves.key("X", server: "s2"))?.position, 22)
  }

  func testAnOlderSaveIsQueuedButDoesNotHideTheNewerMirror() throws {
    let newer = Saves.record(position: 90, at: 60)
    let older = Saves.record(position: 5, at: 0)
    try store.recordLocal(newer)
    try store.recordLocal(older)
    XCTAssertEqual(try store.mirror(key: newer.key), newer)
    XCTAssertEqual(try store.pendingSaves(serverID: "s1").map(\.record), [newer, older])
  }

  func testMarkSentRemovesTheSaveAndMirrorsTheServersNewerRow() throws {
    let queued = try store.recordLocal(Saves.record(position: 10, at: 0))
    let winner = Saves.record(position: 500, at: 120, version: 7, device: "phone")
    try store.markSent(id: queued.id, winner: winner)
    XCTAssertEqual(try store.pendingSaves(serverID: "s1"), [])
    XCTAssertEqual(try store.mirror(key: winner.key), winner)
  }

  func testMarkSentClearsTheOlderSavesOfTheBookOnly() throws {
    let a1 = try store.recordLocal(Saves.record("A", position: 1, at: 0))
    let b = try store.recordLocal(Saves.record("B", position: 2, at: 1))
    let a2 = try store.recordLocal(Saves.record("A", position: 3, at: 2))
    let a3 = try store.recordLocal(Saves.record("A", position: 4, at: 3))
    try store.markSent(id: a2.id, winner: Saves.record("A", position: 3, at: 2, version: 1))
    XCTAssertEqual(try store.pendingSaves(serverID: "s1"), [b, a3])
    XCTAssertFalse(try store.pendingSaves(serverID: "s1").contains(a1))
  }

  func testMarkSentKeepsANewerLocalSaveInTheMirror() throws {
    let first = try store.recordLocal(Saves.record(position: 10, at: 0))
    let later = Saves.record(position: 25, at: 15)
    try store.recordLocal(later)
    try store.markSent(id: first.id, winner: Saves.record(position: 10, at: 0, version: 1))
    XCTAssertEqual(try store.mirror(key: later.key), later)
    XCTAssertEqual(try store.pendingSaves(serverID: "s1").map(\.record), [later])
  }

  func testMarkSentOfTheServersEchoTakesItsVersion() throws {
    let save = Saves.record(position: 10, at: 0)
    let queued = try store.recordLocal(save)
    var echo = save
    echo.version = 3
    try store.markSent(id: queued.id, winner: echo)
    XCTAssertEqual(try store.mirror(key: save.key)?.version, 3)
  }

  func testDiscardDropsTheSaveAndTheOlderOnesOfItsBookButKeepsTheMirror() throws {
    try store.recordLocal(Saves.record("A", position: 1, at: 0))
    let b = try store.recordLocal(Saves.record("B", position: 2, at: 1))
    let a2 = try store.recordLocal(Saves.record("A", position: 3, at: 2))
    try store.discard(id: a2.id)
    XCTAssertEqual(try store.pendingSaves(serverID: "s1"), [b])
    XCTAssertEqual(try store.mirror(key: Saves.key("A"))?.position, 3)
    try store.discard(id: 9999)  // already gone: nothing happens
  }

  func testQueueIDsAreNeverReused() throws {
    let first = try store.recordLocal(Saves.record(position: 1, at: 0))
    try store.markSent(id: first.id, winner: Saves.record(position: 1, at: 0, version: 1))
    let second = try store.recordLocal(Saves.record(position: 2, at: 1))
    XCTAssertGreaterThan(second.id, first.id)
  }

  func testSeedMergesTheServersRowsWithoutOverwritingNewerLocalOnes() throws {
    let local = Saves.record("A", position: 300, at: 3600)
    try store.recordLocal(local)
    let rows = [
      ProgressRow(Saves.record("A", position: 100, at: 60, version: 2, device: "web"), version: 2),
      ProgressRow(Saves.record("B", position: 50, at: 60, version: 1, device: "web"), version: 1),
    ]
    XCTAssertEqual(try store.seed(from: rows, serverID: "s1"), 1)
    XCTAssertEqual(try store.mirror(key: Saves.key("A")), local)
    XCTAssertEqual(try store.mirror(key: Saves.key("B"))?.position, 50)
    XCTAssertEqual(try store.mirror(key: Saves.key("B"))?.deviceID, "web")
    // A newer server row does replace an older local one.
    let newer = ProgressRow(Saves.record("A", position: 400, at: 7200, version: 3), version: 3)
    XCTAssertEqual(try store.seed(from: [newer], serverID: "s1"), 1)
    XCTAssertEqual(try store.mirror(key: Saves.key("A"))?.position, 400)
    XCTAssertEqual(try store.mirror(serverID: "s1").map(\.key.path), ["A", "B"])
  }

  func testDeviceIDIsMadeOnceAndSurvivesReopening() throws {
    let id = try store.deviceID()
    XCTAssertEqual(try store.deviceID(), id)
    XCTAssertEqual(id.split(separator: "-").count, 2)
    store = nil
    XCTAssertEqual(try ListeningStore(path: folder.databasePath).deviceID(), id)
  }

  func testCommittedSavesSurviveReopening() throws {
    let save = Saves.record(position: 77, at: 9)
    try store.recordLocal(save)
    store = nil
    let reopened = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try reopened.mirror(key: save.key), save)
    XCTAssertEqual(try reopened.pendingSaves(serverID: "s1").map(\.record), [save])
  }

  func testRemovingAServerForgetsItsMirrorAndQueueOnly() throws {
    try store.recordLocal(Saves.record("X", position: 1, server: "s1"))
    try store.recordLocal(Saves.record("X", position: 2, server: "s2"))
    try store.removeServer("s1")
    XCTAssertNil(try store.mirror(key: Saves.key("X", server: "s1")))
    XCTAssertEqual(try store.pendingSaves(serverID: "s1"), [])
    XCTAssertEqual(try store.mirror(key: Saves.key("X", server: "s2"))?.position, 2)
    XCTAssertEqual(try store.pendingSaves(serverID: "s2").count, 1)
  }

  // MARK: The book offered again after a restart: the unfinished one this
  // device saved a place in last.

  func testTheNewestUnfinishedPlaceOfThisDeviceIsOffered() throws {
    let me = try store.deviceID()
    XCTAssertNil(try store.lastListened(), "nothing listened to yet")
    try store.recordLocal(Saves.record("A/Older", position: 40, at: 1, device: me))
    try store.recordLocal(Saves.record("A/Newer", position: 75, at: 2, device: me))
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Newer")
    XCTAssertEqual(try store.lastListened()?.position, 75)

    // Finished: not offered; the one before it is.
    var done = Saves.record("A/Newer", position: 3600, at: 3, device: me)
    done.finished = true
    try store.recordLocal(done)
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Older")

    // Another device's rows (seeded from the server) are not this device's last book.
    try store.mergeIntoMirror(Saves.record("A/Phone", position: 10, at: 9, device: "phone"))
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Older")
  }

  func testItSurvivesReopeningTheDatabase() throws {
    let me = try store.deviceID()
    try store.recordLocal(Saves.record("A/Book", position: 12, at: 1, device: me))
    store = nil
    let reopened = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try reopened.lastListened()?.key.path, "A/Book")
  }
}
