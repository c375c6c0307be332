import Foundation
import HarkCore
import HarkTestSupport
import Networking
import XCTest

@testable import Persistence

/// Progress sync end to end: libsoup to the repository's AudioSilo test
/// server, its unreachable switch standing in for a lost network, its
/// request log and state showing what really arrived.
final class ProgressSyncIntegrationTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!
  nonisolated(unsafe) private static var library: SampleLibrary!
  private static let serverID = "test-server-1"
  private let transport = SoupTransport(userAgent: "Hark-tests")
  private var folder: ScratchFolder!
  private var store: ListeningStore!
  private var client: AudioSiloClient!
  private var syncer: ProgressSyncer!

  override class func setUp() {
    super.setUp()
    library = try! SampleLibrary.load()
    server = try! TestServer.start(library: library)
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  override func setUp() async throws {
    folder = ScratchFolder()
    store = try ListeningStore(path: folder.databasePath)
    let anonymous = AudioSiloClient(baseURL: Self.server.baseURL, token: nil, transport: transport)
    let session = try await anonymous.login(
      username: "listener", password: "correct horse", deviceName: "Hark sync tests")
    let client = anonymous.withToken(session.token)
    self.client = client
    syncer = ProgressSyncer(store: store, clients: { _ in client }, log: { _ in })
  }

  override func tearDown() async throws {
    _ = try await transport.send(Self.server.controlRequest("DELETE", "faults"))
    store = nil
    folder = nil
  }

  // MARK: Helpers

  /// Book `index` of the sample library, on library 1 of the test server.
  private func key(_ index: Int) -> LibraryPath {
    LibraryPath(serverID: Self.serverID, libraryID: 1, path: Self.library.books[index].path)
  }

  /// A save captured `secondsAgo` before now, with a non-zero millisecond.
  private func save(
    _ key: LibraryPath, position: Double, secondsAgo: Double, device: String = "hark-sync-test"
  )
    -> ProgressRecord
  {
    ProgressRecord(
      key: key, position: position, duration: 3600, finished: false, playbackSpeed: 1.5,
      deviceID: device, updatedAt: Date().addingTimeInterval(-secondsAgo))
  }

  private func control(_ method: String, _ path: String, _ json: String? = nil) async throws
    -> [String: Any]
  {
    let response = try await transport.send(Self.server.controlRequest(method, path, json: json))
    XCTAssertEqual(response.status / 100, 2, String(decoding: response.body, as: UTF8.self))
    guard !response.body.isEmpty else { return [:] }
    return try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  private func setUnreachable(_ on: Bool) async throws {
    _ = try await control("POST", "unreachable", #"{"on": \#(on)}"#)
  }

  /// The server's stored row for `key` (from the control port's state).
  private func serverRow(_ key: LibraryPath) async throws -> [String: Any]? {
    let state = try await control("GET", "state")
    let rows = state["progress"] as? [[String: Any]] ?? []
    return rows.first {
      $0["path"] as? String == key.path && $0["library_id"] as? Int == key.libraryID
        && $0["username"] as? String == "listener"
    }
  }

  /// The progress `PUT`s the server received since the log was cleared:
  /// (book path, parsed body).
  private func progressPuts() async throws -> [(path: String, body: [String: Any])] {
    let log = try await control("GET", "requests")
    let entries = log["requests"] as? [[String: Any]] ?? []
    return entries.compactMap { entry in
      guard entry["method"] as? String == "PUT",
        (entry["path"] as? String)?.hasSuffix("/progress") == true,
        let params = entry["params"] as? [String: Any], let path = params["path"] as? String,
        let body = entry["body"] as? [String: Any]
      else { return nil }
      return (path, body)
    }
  }

  private func date(_ value: Any?) -> Date? {
    (value as? String).flatMap { Timestamp(rawValue: $0).date }
  }

  // MARK: Tests

  func testAnOnlineSaveBecomesTheServersRow() async throws {
    let book = key(0)
    let save = save(book, position: 123.5, secondsAgo: 2)

    let outcome = try await syncer.save(save)

    guard case .sent(let winner) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(winner.position, 123.5)
    XCTAssertEqual(winner.updatedAt, save.updatedAt)
    XCTAssertGreaterThanOrEqual(winner.version, 1)
    let row = try await serverRow(book)
    XCTAssertEqual(row?["position"] as? Double, 123.5)
    XCTAssertEqual(row?["device_id"] as? String, "hark-sync-test")
    XCTAssertEqual(row?["playback_speed"] as? Double, 1.5)
    XCTAssertEqual(date(row?["updated_at"]), save.updatedAt)
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID), [])
    XCTAssertEqual(try store.mirror(key: book), winner)
  }

  func testSavesQueuedWhileUnreachableGoOutInOrderWithTheirCaptureTimes() async throws {
    let (a, b) = (key(1), key(2))
    try await setUnreachable(true)
    let saves = [
      save(a, position: 10, secondsAgo: 90),
      save(b, position: 20, secondsAgo: 75),
      save(a, position: 30, secondsAgo: 60),
    ]
    for save in saves {
      let outcome = try await syncer.save(save)
      guard case .queued(.unreachable?) = outcome else {
        return XCTFail("offline save: \(outcome)")
      }
    }
    let queued = try store.pendingSaves(serverID: Self.serverID)
    XCTAssertEqual(queued.map(\.record), saves, "every save queued with its own capture time")
    let stillOffline = await syncer.flush(serverID: Self.serverID)
    guard case .interrupted(.unreachable)? = stillOffline.stop else {
      return XCTFail("\(stillOffline)")
    }
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID), queued)

    try await setUnreachable(false)
    _ = try await control("DELETE", "requests")
    let report = await syncer.flush(serverID: Self.serverID)

    XCTAssertNil(report.stop)
    XCTAssertEqual(report.remaining, 0)
    let puts = try await progressPuts()
    XCTAssertEqual(puts.map(\.path), [b.path, a.path])
    XCTAssertEqual(
      puts.map { self.date($0.body["updated_at"]) }, [saves[1].updatedAt, saves[2].updatedAt])
    XCTAssertEqual(puts.map { $0.body["version"] as? Int }, [0, 0])
    XCTAssertEqual(puts.map { $0.body["position"] as? Double }, [20, 30])
    let rowA = try await serverRow(a)
    let rowB = try await serverRow(b)
    XCTAssertEqual(rowA?["position"] as? Double, 30)
    XCTAssertEqual(date(rowA?["updated_at"]), saves[2].updatedAt)
    XCTAssertEqual(rowB?["position"] as? Double, 20)
    XCTAssertEqual(date(rowB?["updated_at"]), saves[1].updatedAt)
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID), [])
  }

  func testAStaleQueuedSaveConvergesOnTheNewerRowFromAnotherDevice() async throws {
    let book = key(3)
    try await setUnreachable(true)
    let stale = save(book, position: 10, secondsAgo: 600)
    _ = try await syncer.save(stale)
    try await setUnreachable(false)
    // Meanwhile another device saved straight to the server, later on.
    let other = save(book, position: 1800, secondsAgo: 60, device: "other-device")
    let otherRow = try await client.saveProgress(libraryID: 1, path: book.path, other.save)

    let report = await syncer.flush(serverID: Self.serverID)

    let expected = ProgressRecord(row: otherRow, serverID: Self.serverID)
    XCTAssertEqual(report.sent, [expected])
    XCTAssertEqual(try store.mirror(key: book), expected)
    XCTAssertEqual(try store.mirror(key: book)?.deviceID, "other-device")
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID), [])
    let row = try await serverRow(book)
    XCTAssertEqual(row?["position"] as? Double, 1800)
    let lookup = await syncer.resume(book)
    XCTAssertEqual(lookup, .progress(expected))
  }

  func testWithTheServerDownResumeAnswersFromTheMirror() async throws {
    let book = key(4)
    guard case .sent(let winner) = try await syncer.save(save(book, position: 42, secondsAgo: 5))
    else {
      return XCTFail("online save")
    }
    try await setUnreachable(true)
    let lookup = await syncer.resume(book)
    XCTAssertEqual(lookup, .progress(winner))
  }

  func testWithTheServerDownAndNothingLocalResumeFailsRatherThanStartingAtZero() async throws {
    try await setUnreachable(true)
    let lookup = await syncer.resume(key(5))
    guard case .failed(.server(.unreachable)) = lookup else { return XCTFail("\(lookup)") }
    try await setUnreachable(false)
    let online = await syncer.resume(key(5))
    XCTAssertEqual(online, .empty)
  }

  func testASaveTheServerRefusesIsDroppedAndTheRestGoThrough() async throws {
    let (bad, good) = (key(6), key(7))
    try await setUnreachable(true)
    _ = try await syncer.save(save(bad, position: -5, secondsAgo: 20))  // the server refuses < 0
    _ = try await syncer.save(save(good, position: 9, secondsAgo: 10))
    try await setUnreachable(false)

    let report = await syncer.flush(serverID: Self.serverID)

    XCTAssertEqual(report.dropped.map(\.record.key), [bad])
    guard case .server(400, _)? = report.dropped.first?.error else { return XCTFail("\(report)") }
    XCTAssertEqual(report.sent.map(\.key), [good])
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID), [])
    let again = await syncer.flush(serverID: Self.serverID)
    XCTAssertEqual(again, FlushReport())
  }

  func testARevokedSessionStopsTheFlushAndKeepsTheQueue() async throws {
    try await setUnreachable(true)
    let saves = [
      save(key(8), position: 1, secondsAgo: 20), save(key(9), position: 2, secondsAgo: 10),
    ]
    for save in saves { _ = try await syncer.save(save) }
    try await setUnreachable(false)
    _ = try await control("POST", "revoke-all-tokens")

    let report = await syncer.flush(serverID: Self.serverID)

    XCTAssertEqual(report.stop, .authFailed)
    XCTAssertEqual(try store.pendingSaves(serverID: Self.serverID).map(\.record), saves)
  }
}
