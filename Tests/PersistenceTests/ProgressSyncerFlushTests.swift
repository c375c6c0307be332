import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// Replaying the queue: each book's latest save, in order, with its original
/// time; stop when nothing answers; never loop.
final class ProgressSyncerFlushTests: ProgressSyncerTestCase {
  // MARK: Flushing

  func testFlushReplaysEachBooksLatestSaveInOrderWithItsOriginalTime() async throws {
    let syncer = syncer()
    let a1 = Saves.record("A", position: 10, at: 0.001)
    let b = Saves.record("B", position: 20, at: 15)
    let a2 = Saves.record("A", position: 30, at: 30.5)
    let c = Saves.record("C", position: 40, at: 45)
    try await queueOffline(syncer, a1, b, a2, c)

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.sentPaths, ["B", "A", "C"])
    XCTAssertEqual(transport.sentSaves, [b.save, a2.save, c.save])
    XCTAssertEqual(
      transport.sentSaves.map(\.updatedAt.rawValue),
      ["2026-01-01T00:00:15.000Z", "2026-01-01T00:00:30.500Z", "2026-01-01T00:00:45.000Z"])
    XCTAssertEqual(report.sent.map(\.position), [20, 30, 40])
    XCTAssertNil(report.stop)
    XCTAssertEqual(report.remaining, 0)
    XCTAssertEqual(try pending(), [])
    XCTAssertEqual(try store.mirror(key: Saves.key("A"))?.position, 30)
  }

  func testFlushStopsAtTheFirstUnansweredRequestKeepingTheOrder() async throws {
    let syncer = syncer()
    let saves = [Saves.record("A", position: 1, at: 0), Saves.record("B", position: 2, at: 1)]
    for save in saves { _ = try await syncer.save(save, online: false) }
    transport.fail(.unreachable("reset"))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.requests.count, 1)
    XCTAssertEqual(report.stop, .interrupted(.unreachable("reset")))
    XCTAssertEqual(report.remaining, 2)
    XCTAssertEqual(try pending(), saves)
    // Back online: both go, in the same order.
    let retry = await syncer.flush(serverID: "s1")
    XCTAssertEqual(transport.sentPaths, ["A", "A", "B"])
    XCTAssertEqual(retry.sent.count, 2)
    XCTAssertEqual(try pending(), [])
  }

  func testFlushDropsWhatTheServerRefusesAndGoesOnWithoutLooping() async throws {
    let syncer = syncer()
    try await queueOffline(
      syncer, Saves.record("A/poison", position: 1, at: 0),
      Saves.record("A/good", position: 2, at: 1))
    transport.answer(.status(404, #"{"error":"library not found"}"#))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.sentPaths, ["A/poison", "A/good"])
    XCTAssertEqual(report.dropped.map(\.record.key.path), ["A/poison"])
    XCTAssertEqual(report.dropped.first?.error, .server(status: 404, message: "library not found"))
    XCTAssertEqual(report.sent.map(\.key.path), ["A/good"])
    XCTAssertEqual(try pending(), [])
    XCTAssertTrue(
      logs.all.contains { $0.contains("A/poison") && $0.contains("404") }, "\(logs.all)")
    // The refused save is gone for good: the next flush sends nothing.
    _ = await syncer.flush(serverID: "s1")
    XCTAssertEqual(transport.requests.count, 2)
  }

  func testFlushKeepsAServerErrorAndGoesOn() async throws {
    let syncer = syncer()
    let poison = Saves.record("A/poison", position: 1, at: 0)
    try await queueOffline(syncer, poison, Saves.record("A/good", position: 2, at: 1))
    transport.answer(.status(500))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.requests.count, 2)
    XCTAssertEqual(report.deferred.map(\.record), [poison])
    XCTAssertNil(report.stop)
    XCTAssertEqual(report.remaining, 1)
    XCTAssertEqual(try pending(), [poison])
  }

  func testFlushStopsOnAnAuthFailureAndKeepsEverything() async throws {
    let syncer = syncer()
    let saves = [Saves.record("A", position: 1, at: 0), Saves.record("B", position: 2, at: 1)]
    for save in saves { _ = try await syncer.save(save, online: false) }
    transport.answer(.status(401, #"{"error":"unauthorized"}"#))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.requests.count, 1)
    XCTAssertEqual(report.stop, .authFailed)
    XCTAssertEqual(try pending(), saves)
  }

  func testFlushStopsWhenRateLimited() async throws {
    let syncer = syncer()
    try await queueOffline(
      syncer, Saves.record("A", position: 1, at: 0), Saves.record("B", position: 2, at: 1))
    // A Retry-After beyond the client's patience: the 429 comes straight back.
    transport.answer(
      HTTPResponse(
        status: 429, headers: ["retry-after": "600"], body: Data(#"{"error":"slow down"}"#.utf8)))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(transport.requests.count, 1)
    XCTAssertEqual(report.stop, .interrupted(.server(status: 429, message: "slow down")))
    XCTAssertEqual(try pending().count, 2)
  }

  func testFlushWithoutAClientLeavesTheQueueAlone() async throws {
    let syncer = syncer(signedIn: [])
    try await queueOffline(syncer, Saves.record(position: 1))
    let report = await syncer.flush(serverID: "s1")
    XCTAssertEqual(report.stop, .notSignedIn)
    XCTAssertEqual(report.remaining, 1)
    XCTAssertEqual(transport.requests.count, 0)
  }

  func testAStaleQueuedSaveConvergesOnTheServersNewerRow() async throws {
    let syncer = syncer()
    try await queueOffline(syncer, Saves.record(position: 10, at: 0))
    let newer = Saves.record(position: 700, at: 600, version: 4, device: "phone")
    transport.answer(.progress(ProgressRow(newer, version: 4)))

    let report = await syncer.flush(serverID: "s1")

    XCTAssertEqual(report.sent, [newer])
    XCTAssertEqual(try store.mirror(key: Saves.key()), newer)
    XCTAssertEqual(try pending(), [])
  }

  func testFlushSendsOnlyItsOwnServersSaves() async throws {
    let syncer = syncer()
    try await queueOffline(
      syncer, Saves.record("X", position: 11, server: "s1"),
      Saves.record("X", position: 22, server: "s2"))
    _ = await syncer.flush(serverID: "s2")
    XCTAssertEqual(transport.sentSaves.map(\.position), [22])
    XCTAssertEqual(try pending("s1").map(\.position), [11])
    XCTAssertEqual(try pending("s2"), [])
  }

  func testConcurrentFlushesSendEachSaveOnce() async throws {
    let syncer = syncer()
    try await queueOffline(
      syncer, Saves.record("A/one", position: 1, at: 0), Saves.record("A/two", position: 2, at: 1))
    async let first = syncer.flush(serverID: "s1")
    async let second = syncer.flush(serverID: "s1")
    _ = await (first, second)
    XCTAssertEqual(transport.requests.count, 2)
    XCTAssertEqual(try pending(), [])
  }

  func testAnOfflineSaveFlushedLaterStaysInTheMirror() async throws {
    let syncer = syncer()
    try await queueOffline(syncer, Saves.record(position: 80))
    _ = await syncer.flush(serverID: "s1")
    XCTAssertEqual(try pending(), [])
    XCTAssertEqual(try store.mirror(key: Saves.key())?.position, 80)
  }

}
