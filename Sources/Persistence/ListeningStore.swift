import Foundation
import GRDB
import HarkCore

/// The progress mirror and the offline queue in one SQLite database (the app
/// passes `$XDG_DATA_HOME/hark/listening.sqlite`).
///
/// Every method is one transaction and returns once it is committed and on
/// disk. They are synchronous on purpose: a save must reach the disk even
/// when the task that asked for it is being cancelled (GRDB's async writes
/// give up on cancellation). Each is a few small statements, so the wait is
/// short.
public final class ListeningStore: Sendable {
  /// The database file.
  public let path: String
  let database: DatabasePool

  /// Opens (creating it and its folder if needed) and migrates the database.
  /// - Throws: `ListeningStoreError.newerSchema` for a database a newer Hark
  ///   has migrated; GRDB's `DatabaseError` when the file cannot be opened.
  public convenience init(path: String) throws {
    try self.init(path: path, migrator: ListeningSchema.migrator)
  }

  init(path: String, migrator: DatabaseMigrator) throws {
    self.path = path
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.label = "hark.listening"
    // Another process may hold the write lock for a moment (a second
    // instance starting up); wait for it rather than fail a save.
    configuration.busyMode = .timeout(5)
    configuration.prepareDatabase { db in
      // WAL (DatabasePool's default) + FULL: a commit is on disk when it
      // returns, and survives a crash of the process or the machine.
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    database = try DatabasePool(path: path, configuration: configuration)
    if try database.read({ try migrator.hasBeenSuperseded($0) }) {
      throw ListeningStoreError.newerSchema(path: path)
    }
    try migrator.migrate(database)
  }

  // MARK: Saves

  /// Writes a save made on this device: the mirror (keep-newest) and the
  /// queue, in ONE transaction, before any network call is tried.
  @discardableResult
  public func recordLocal(_ save: ProgressRecord) throws -> QueuedSave {
    try database.write { db in
      try Self.merge(save, intoMirrorOf: db)
      try db.execute(
        sql: """
          INSERT INTO progress_queue
            (server_id, library_id, path, position, duration, finished, playback_speed, device_id,
             updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          save.key.serverID, save.key.libraryID, save.key.path, save.position, save.duration,
          save.finished, save.playbackSpeed, save.deviceID, WireTime.milliseconds(save.updatedAt),
        ])
      return QueuedSave(id: db.lastInsertedRowID, record: save)
    }
  }

  /// The saves still queued for `serverID`, in the order they were made.
  public func pendingSaves(serverID: String) throws -> [QueuedSave] {
    try database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM progress_queue WHERE server_id = ? ORDER BY id",
        arguments: [serverID]
      ).map(Self.queuedSave)
    }
  }

  /// The saves still queued for one book, in order.
  public func pendingSaves(for key: LibraryPath) throws -> [QueuedSave] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM progress_queue WHERE server_id = ? AND library_id = ? AND path = ?
          ORDER BY id
          """,
        arguments: [key.serverID, key.libraryID, key.path]
      ).map(Self.queuedSave)
    }
  }

  /// The server answered save `id` with `winner`, the row it kept (this
  /// save, or a newer one from another device). Removes the save and every
  /// queued save of the book the winner makes pointless, and mirrors the
  /// winner (keep-newest: a newer local save made meanwhile stays).
  public func markSent(id: Int64, winner: ProgressRecord) throws {
    try database.write { db in
      try db.execute(sql: "DELETE FROM progress_queue WHERE id = ?", arguments: [id])
      try Self.deleteQueued(of: winner.key, notNewerThan: winner.updatedAt, in: db)
      try Self.merge(winner, intoMirrorOf: db)
    }
  }

  /// The server refused save `id` for good: removes it and the older queued
  /// saves of the same book that a flush coalesced behind it (they would be
  /// refused alike). The mirror keeps the position, so this device still
  /// resumes there.
  public func discard(id: Int64) throws {
    try database.write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT * FROM progress_queue WHERE id = ?", arguments: [id])
      else { return }
      let save = Self.queuedSave(row)
      try db.execute(sql: "DELETE FROM progress_queue WHERE id = ?", arguments: [id])
      try Self.deleteQueued(of: save.record.key, notNewerThan: save.record.updatedAt, in: db)
    }
  }

  // MARK: Mirror

  /// The newest position known on this device for one book.
  public func mirror(key: LibraryPath) throws -> ProgressRecord? {
    try database.read { db in
      try Row.fetchOne(
        db,
        sql: "SELECT * FROM progress_mirror WHERE server_id = ? AND library_id = ? AND path = ?",
        arguments: [key.serverID, key.libraryID, key.path]
      ).map { Self.record($0, version: $0["version"]) }
    }
  }

  /// The unfinished book this device saved a place in last, to offer it
  /// again after a restart or a crash. Nil when another device has moved
  /// every such book on since (its newer place is then the mirror's).
  public func lastListened() throws -> ProgressRecord? {
    let me = try deviceID()
    return try database.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT * FROM progress_mirror WHERE device_id = ? AND finished = 0 AND position > 0
          ORDER BY updated_at DESC LIMIT 1
          """,
        arguments: [me]
      ).map { Self.record($0, version: $0["version"]) }
    }
  }

  /// Every mirrored book of one server, newest first.
  public func mirror(serverID: String) throws -> [ProgressRecord] {
    try database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM progress_mirror WHERE server_id = ? ORDER BY updated_at DESC",
        arguments: [serverID]
      ).map { Self.record($0, version: $0["version"]) }
    }
  }

  /// Mirrors a record unless the mirror already holds a strictly newer one.
  /// - Returns: whether the mirror changed.
  @discardableResult
  public func mergeIntoMirror(_ record: ProgressRecord) throws -> Bool {
    try database.write { db in try Self.merge(record, intoMirrorOf: db) }
  }

  /// Seeds the mirror from `GET /me/progress` (all in one transaction),
  /// never overwriting a newer local row.
  /// - Returns: how many mirror rows changed.
  @discardableResult
  public func seed(from rows: [ProgressRow], serverID: String) throws -> Int {
    try database.write { db in
      try rows.reduce(0) { changed, row in
        try changed
          + (Self.merge(ProgressRecord(row: row, serverID: serverID), intoMirrorOf: db) ? 1 : 0)
      }
    }
  }

  // MARK: Device and servers

  /// This install's `device_id`: made on first use (`DeviceID.generate`)
  /// and the same on every later call and reopen.
  public func deviceID(now: Date = Date()) throws -> String {
    try database.write { db in
      if let stored = try String.fetchOne(db, sql: "SELECT device_id FROM device"),
        !stored.isEmpty
      {
        return stored
      }
      let made = DeviceID.generate(now: now)
      try db.execute(
        sql: "INSERT OR REPLACE INTO device (singleton, device_id) VALUES (1, ?)", arguments: [made]
      )
      return made
    }
  }

  /// Forgets a server (signed out and removed): its mirror rows, queued
  /// saves and cached library.
  public func removeServer(_ serverID: String) throws {
    try database.write { db in
      try db.execute(sql: "DELETE FROM progress_mirror WHERE server_id = ?", arguments: [serverID])
      try db.execute(sql: "DELETE FROM progress_queue WHERE server_id = ?", arguments: [serverID])
      try db.execute(sql: "DELETE FROM library_cache WHERE server_id = ?", arguments: [serverID])
    }
  }
}

/// Why the listening database could not be used.
public enum ListeningStoreError: Error, Equatable, CustomStringConvertible {
  /// A newer Hark has migrated this database; this build leaves it alone.
  case newerSchema(path: String)

  public var description: String {
    switch self {
    case .newerSchema(let path): "\(path) was written by a newer Hark; not opening it"
    }
  }
}
