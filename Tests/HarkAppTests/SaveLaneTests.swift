import Foundation
import HarkCore
import Persistence
import Synchronization
import XCTest

@testable import HarkApp

/// The player's saves: written in the order made, started only when the
/// main loop is idle (after the window's paint), and started at once by a
/// quit's wait, when the main loop runs no more.
final class SaveLaneTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-lane-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private let book = LibraryPath(serverID: LocalSource.serverID, libraryID: -1, path: "Quill/Orchard")

  private func record(at position: Double) -> ProgressRecord {
    ProgressRecord(
      key: book, position: position, duration: 100, finished: false, playbackSpeed: 1, deviceID: "",
      updatedAt: Date(timeIntervalSince1970: 1_767_225_600 + position))
  }

  /// The starts the lane asked for, run when the test says.
  private final class HeldStarts: Sendable {
    private let held = Mutex<[@Sendable () -> Void]>([])
    var count: Int { held.withLock { $0.count } }
    func hold(_ start: @escaping @Sendable () -> Void) { held.withLock { $0.append(start) } }
    func runAll() { for start in held.withLock({ $0 }) { start() } }
  }

  /// A lane whose starts wait for the test, saving to a fresh database.
  private func laneOnADatabase() throws -> (ListeningStore, ProgressSyncer, HeldStarts, SaveLane) {
    let store = try ListeningStore(path: folder.appendingPathComponent("listening.sqlite").path)
    let starts = HeldStarts()
    return (store, ProgressSyncer(store: store, clients: { _ in nil }), starts, SaveLane(startWhenIdle: starts.hold) { _, _ in })
  }

  func testNothingIsWrittenUntilTheStartRunsThenEverySaveInOrder() throws {
    let (store, syncer, starts, lane) = try laneOnADatabase()
    lane.save(record(at: 10), to: syncer)
    lane.save(record(at: 20), to: syncer)
    XCTAssertEqual(starts.count, 1, "one start asked for both saves")
    // Not written before the main loop is idle: the write would otherwise
    // run beside the window's paint.
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertNil(try store.mirror(key: book))
    starts.runAll()
    // Polled, not waited for through the lane: its wait would start the
    // writing itself.
    let deadline = Date().addingTimeInterval(10)
    while try store.mirror(key: book)?.position != 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    XCTAssertEqual(try store.mirror(key: book)?.position, 20, "the later save is the one kept")
  }

  func testAQuitsWaitStartsTheWritingItself() throws {
    let (store, syncer, starts, lane) = try laneOnADatabase()
    lane.save(record(at: 42), to: syncer)
    // The main loop that would run the start runs no more at quit.
    lane.waitUntilWritten(within: .seconds(10))
    XCTAssertEqual(try store.mirror(key: book)?.position, 42)
    // The start asked for earlier, run late, writes nothing twice.
    starts.runAll()
    lane.save(record(at: 50), to: syncer)
    XCTAssertEqual(starts.count, 2, "a save after the lane emptied asks for a start again")
    lane.waitUntilWritten(within: .seconds(10))
    XCTAssertEqual(try store.mirror(key: book)?.position, 50)
  }
}
