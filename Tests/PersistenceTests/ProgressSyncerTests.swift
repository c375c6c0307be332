import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// Saving and reading back: record first, then send; keep what got no
/// answer; drop only what the server refuses for good; resume from the
/// newest of server, mirror and queue.
final class ProgressSyncerTests: ProgressSyncerTestCase {
  // MARK: Saving

  func testTheSaveIsOnDiskBeforeTheRequestAndTheWinnerIsMirrored() async throws {
    let save = Saves.record(position: 42, at: 1.5)
    let store = self.store!
    let seenAtRequest = LogLines()
    let transport = ScriptedTransport { request in
      let mirrored = (try? store.mirror(key: save.key)) == save
      let queued = (try? store.pendingSaves(serverID: "s1").map(\.record)) == [save]
      seenAtRequest.sink("mirrored \(mirrored), queued \(queued)")
      return .success(ScriptedTransport.echo(request))
    }
    let client = client(transport)
    let syncer = ProgressSyncer(store: store, clients: { _ in client }, log: logs.sink)

    let outcome = try await syncer.save(save)

    XCTAssertEqual(seenAtRequest.all, ["mirrored true, queued true"])
    var echo = save
    echo.version = 1
    XCTAssertEqual(outcome, .sent(winner: echo))
    XCTAssertEqual(try pending(), [])
    XCTAssertEqual(try store.mirror(key: save.key), echo)
    let request = try XCTUnwrap(transport.requests.first)
    XCTAssertEqual(request.method, "PUT")
    XCTAssertEqual(
      request.url.absoluteString, "http://silo.test/api/v1/libraries/1/progress?path=A%2FBook")
    XCTAssertEqual(transport.sentSaves, [save.save])
    XCTAssertEqual(transport.sentSaves.first?.version, 0)
    XCTAssertEqual(transport.sentSaves.first?.updatedAt.rawValue, "2026-01-01T00:00:01.500Z")
  }

  func testOfflineSaveIsQueuedAndMirroredWithNoRequest() async throws {
    let syncer = syncer()
    let outcome = try await syncer.save(Saves.record(position: 17), online: false)
    XCTAssertEqual(outcome, .queued(nil))
    XCTAssertEqual(transport.requests.count, 0)
    XCTAssertEqual(try pending().map(\.position), [17])
    XCTAssertEqual(try store.mirror(key: Saves.key())?.position, 17)
  }

  func testASaveWithoutAnAnswerStaysQueued() async throws {
    let syncer = syncer()
    transport.fail(.unreachable("connection refused"), .timedOut)
    let first = try await syncer.save(Saves.record(position: 10, at: 0))
    let second = try await syncer.save(Saves.record(position: 20, at: 15))
    XCTAssertEqual(first, .queued(.unreachable("connection refused")))
    XCTAssertEqual(second, .queued(.timedOut))
    XCTAssertEqual(try pending().map(\.position), [10, 20])
    XCTAssertEqual(try store.mirror(key: Saves.key())?.position, 20)
  }

  func testAServerErrorKeepsTheSaveQueued() async throws {
    let syncer = syncer()
    transport.answer(.status(503))
    let outcome = try await syncer.save(Saves.record(position: 10))
    XCTAssertEqual(outcome, .queued(.server(status: 503, message: "no")))
    XCTAssertEqual(try pending().count, 1)
  }

  func testARefusedSaveIsDroppedButTheMirrorKeepsThePosition() async throws {
    let syncer = syncer()
    transport.answer(.status(403, #"{"error":"forbidden"}"#))
    let outcome = try await syncer.save(Saves.record(position: 10))
    XCTAssertEqual(outcome, .refused(.server(status: 403, message: "forbidden")))
    XCTAssertEqual(try pending(), [])
    XCTAssertEqual(try store.mirror(key: Saves.key())?.position, 10)
    XCTAssertEqual(logs.all.count, 1)
    XCTAssertTrue(logs.all[0].contains("refused") && logs.all[0].contains("403"), logs.all[0])
  }

  func testAnAuthFailureKeepsTheSaveForAfterSigningInAgain() async throws {
    // Departure from the reference, which drops a save on 401.
    let syncer = syncer()
    transport.answer(.status(401, #"{"error":"unauthorized"}"#))
    let outcome = try await syncer.save(Saves.record(position: 10))
    XCTAssertEqual(outcome, .authFailed)
    XCTAssertEqual(try pending().map(\.position), [10])
  }

  func testTheServersNewerRowWinsAndIsMirrored() async throws {
    let syncer = syncer()
    let newer = Saves.record(position: 900, at: 3600, version: 5, device: "phone")
    transport.answer(.progress(ProgressRow(newer, version: 5)))
    let outcome = try await syncer.save(Saves.record(position: 10, at: 0))
    XCTAssertEqual(outcome, .sent(winner: newer))
    XCTAssertEqual(try store.mirror(key: Saves.key()), newer)
    XCTAssertEqual(try pending(), [])
  }

  func testWithoutASignedInClientTheSaveIsOnlyQueued() async throws {
    let syncer = syncer(signedIn: [])
    let outcome = try await syncer.save(Saves.record(position: 3))
    XCTAssertEqual(outcome, .queued(nil))
    XCTAssertEqual(transport.requests.count, 0)
    XCTAssertEqual(try pending().count, 1)
  }

  func testADeliveredSaveFlushesTheOlderQueuedSavesOfItsServer() async throws {
    let syncer = syncer()
    try await queueOffline(syncer, Saves.record("B", position: 5, at: 0))
    _ = try await syncer.save(Saves.record("A", position: 7, at: 10))
    _ = await syncer.flush(serverID: "s1")  // joins the flush the save started
    XCTAssertEqual(transport.sentPaths, ["A", "B"])
    XCTAssertEqual(try pending(), [])
  }

  func testWhenTheLocalWriteFailsTheSaveStillGoesOut() async throws {
    try breakQueueInserts()
    let syncer = syncer()
    let outcome = try await syncer.save(Saves.record(position: 8))
    guard case .sent = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(try store.mirror(key: Saves.key())?.position, 8)
    XCTAssertTrue(logs.all.contains { $0.contains("could not record") })
  }

  func testASaveThatCanBeNeitherWrittenNorSentThrows() async throws {
    try breakQueueInserts()
    let syncer = syncer()
    transport.fail(.unreachable("down"))
    do {
      let outcome = try await syncer.save(Saves.record(position: 8))
      XCTFail("expected an error, got \(outcome)")
    } catch {}
  }

  private func breakQueueInserts() throws {
    try store.database.write { db in
      try db.execute(
        sql:
          "CREATE TRIGGER refuse BEFORE INSERT ON progress_queue BEGIN SELECT RAISE(ABORT, 'full'); END"
      )
    }
  }

  // MARK: Resume and seed

  func testResumeAnswersTheServersRowAndMirrorsIt() async throws {
    let syncer = syncer()
    let row = Saves.record(position: 60, at: 100, version: 2, device: "web")
    transport.answer(.progress(ProgressRow(row, version: 2)))
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .progress(row))
    XCTAssertEqual(transport.requests.first?.method, "GET")
    XCTAssertEqual(try store.mirror(key: Saves.key()), row)
  }

  func testResumeWithNoRowAnywhereIsEmpty() async throws {
    let syncer = syncer()
    transport.answer(.progress(nil))
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .empty)
  }

  func testResumePrefersAQueuedSaveNewerThanTheServersRow() async throws {
    let syncer = syncer()
    let queued = Saves.record(position: 300, at: 900)
    try await queueOffline(syncer, queued)
    transport.answer(
      .progress(ProgressRow(Saves.record(position: 100, at: 60, version: 3), version: 3)))
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .progress(queued))
  }

  func testResumeWithTheServerDownAnswersFromTheMirror() async throws {
    let syncer = syncer()
    let sent = Saves.record(position: 75, at: 10, version: 1)
    try store.mergeIntoMirror(sent)
    transport.fail(.unreachable("down"))
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .progress(sent))
  }

  func testResumeWithTheServerDownAndNothingLocalFails() async throws {
    let syncer = syncer()
    transport.fail(.timedOut)
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .failed(.server(.timedOut)))
  }

  func testResumeWithoutAClientUsesTheMirrorOrFails() async throws {
    let syncer = syncer(signedIn: [])
    let lookup = await syncer.resume(Saves.key())
    XCTAssertEqual(lookup, .failed(.notSignedIn))
    try store.mergeIntoMirror(Saves.record(position: 5))
    let fromMirror = await syncer.resume(Saves.key())
    XCTAssertEqual(fromMirror, .progress(Saves.record(position: 5)))
  }

  func testResumeLooksOnlyAtItsOwnServersMirror() async throws {
    let syncer = syncer()
    try store.mergeIntoMirror(Saves.record(position: 75, server: "s1"))
    transport.answer(.progress(nil), .progress(nil))
    let otherServer = await syncer.resume(Saves.key(server: "s2"))
    XCTAssertEqual(otherServer, .empty)
    let ownServer = await syncer.resume(Saves.key(server: "s1"))
    XCTAssertEqual(ownServer, .progress(Saves.record(position: 75)))
  }

  func testSeedMirrorsEveryRowOfTheServer() async throws {
    let syncer = syncer()
    let rows = [
      ProgressRow(Saves.record("A", position: 1, at: 1, version: 1), version: 1),
      ProgressRow(Saves.record("B", position: 2, at: 2, version: 1), version: 1),
    ]
    let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    transport.answer(.status(200, #"{"progress":\#(json)}"#))
    let changed = try await syncer.seed(serverID: "s1")
    XCTAssertEqual(changed, 2)
    XCTAssertEqual(try store.mirror(serverID: "s1").map(\.key.path).sorted(), ["A", "B"])
  }
}
