import Foundation
import GRDB
import HarkCore
import XCTest

@testable import Persistence

/// The schema only moves forward through named migrations, keeping rows.
final class ListeningMigrationTests: XCTestCase {
  private var folder: ScratchFolder!

  override func setUp() {
    folder = ScratchFolder()
  }

  override func tearDown() {
    folder = nil
  }

  /// The v1 schema exactly as it first shipped, frozen here on purpose: if
  /// someone edits migration "v1" in place instead of adding "v2", a
  /// database made by the released build stops opening and this test says so.
  private static let shippedV1 = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations (identifier) VALUES ('v1');
    CREATE TABLE progress_mirror (
      server_id TEXT NOT NULL, library_id INTEGER NOT NULL, path TEXT NOT NULL,
      position REAL NOT NULL, duration REAL NOT NULL,
      finished INTEGER NOT NULL CHECK (finished IN (0, 1)), playback_speed REAL NOT NULL,
      version INTEGER NOT NULL, device_id TEXT NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (server_id, library_id, path));
    CREATE TABLE progress_queue (
      id INTEGER PRIMARY KEY AUTOINCREMENT, server_id TEXT NOT NULL,
      library_id INTEGER NOT NULL, path TEXT NOT NULL, position REAL NOT NULL,
      duration REAL NOT NULL, finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
      playback_speed REAL NOT NULL, device_id TEXT NOT NULL, updated_at INTEGER NOT NULL);
    CREATE INDEX progress_queue_by_book ON progress_queue (server_id, library_id, path);
    CREATE TABLE device (singleton INTEGER PRIMARY KEY CHECK (singleton = 1), device_id TEXT NOT NULL);
    """

  private func applied(_ store: ListeningStore) throws -> [String] {
    try store.database.read {
      try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }
  }

  func testAFreshDatabaseIsBuiltByTheNamedMigrations() throws {
    let store = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try applied(store), ["v1", "v2-downloads", "v3-library-cache", "v4-local-scan-index", "v5-local-listening", "v6-local-library-ids"])
  }

  func testADatabaseMadeByTheShippedV1OpensWithItsRows() throws {
    let path = folder.url.appendingPathComponent("listening.sqlite").path
    let old = try DatabaseQueue(path: path)
    try old.write { db in
      try db.execute(sql: Self.shippedV1)
      try db.execute(
        sql: """
          INSERT INTO progress_mirror VALUES ('s1', 1, 'A/Book', 42.5, 3600, 0, 1.25, 3, 'phone', 1767225600250);
          INSERT INTO progress_queue (server_id, library_id, path, position, duration, finished,
            playback_speed, device_id, updated_at)
          VALUES ('s1', 1, 'A/Book', 40, 3600, 0, 1.25, 'dev-1', 1767225600000),
                 ('s1', 1, 'B/Book', 7, 60, 1, 1, 'dev-1', 1767225601000);
          INSERT INTO device VALUES (1, 'mrh3k2x0-4fz9q1ab');
          """)
    }
    try old.close()
    let store = try ListeningStore(path: path)
    XCTAssertEqual(
      try store.mirror(key: Saves.key("A/Book")),
      ProgressRecord(
        key: Saves.key("A/Book"), position: 42.5, duration: 3600, finished: false,
        playbackSpeed: 1.25,
        version: 3, deviceID: "phone", updatedAt: Saves.base.addingTimeInterval(0.25)))
    let pending = try store.pendingSaves(serverID: "s1")
    XCTAssertEqual(pending.map(\.record.key.path), ["A/Book", "B/Book"])
    XCTAssertEqual(pending.map(\.record.finished), [false, true])
    XCTAssertEqual(pending.last?.record.updatedAt, Saves.base.addingTimeInterval(1))
    XCTAssertEqual(try store.deviceID(), "mrh3k2x0-4fz9q1ab")
    XCTAssertEqual(try applied(store), ["v1", "v2-downloads", "v3-library-cache", "v4-local-scan-index", "v5-local-listening", "v6-local-library-ids"])
  }

  func testALaterMigrationCarriesAV1DatabaseForwardKeepingItsRows() throws {
    let save = Saves.record(position: 12, at: 3)
    do {
      let v1 = try ListeningStore(path: folder.databasePath)
      try v1.recordLocal(save)
      _ = try v1.deviceID()
    }
    var next = ListeningSchema.migrator
    next.registerMigration("v7-test") { db in
      try db.execute(sql: "ALTER TABLE progress_mirror ADD COLUMN note TEXT NOT NULL DEFAULT ''")
    }
    let migrated = try ListeningStore(path: folder.databasePath, migrator: next)
    XCTAssertEqual(try applied(migrated), ["v1", "v2-downloads", "v3-library-cache", "v4-local-scan-index", "v5-local-listening", "v6-local-library-ids", "v7-test"])
    XCTAssertEqual(try migrated.mirror(key: save.key), save)
    XCTAssertEqual(try migrated.pendingSaves(serverID: "s1").map(\.record), [save])
    let columns = try migrated.database.read { try $0.columns(in: "progress_mirror").map(\.name) }
    XCTAssertTrue(columns.contains("note"))
  }

  func testADatabaseFromANewerHarkIsRefusedAndLeftAlone() throws {
    do {
      let store = try ListeningStore(path: folder.databasePath)
      try store.recordLocal(Saves.record(position: 1))
      try store.database.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
      }
    }
    XCTAssertThrowsError(try ListeningStore(path: folder.databasePath)) { error in
      XCTAssertEqual(error as? ListeningStoreError, .newerSchema(path: self.folder.databasePath))
    }
    let raw = try DatabaseQueue(path: folder.databasePath)
    XCTAssertEqual(
      try raw.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM progress_queue") }, 1)
  }
}
