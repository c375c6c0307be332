import Foundation
import GRDB
import HarkCore

// Rows to records and back, inside transactions the public methods own.
extension ListeningStore {
  /// Upserts `record` into the mirror unless the stored row is strictly
  /// newer (`LastWriteWins.mirrorAccepts`). Returns whether it wrote.
  @discardableResult
  static func merge(_ record: ProgressRecord, intoMirrorOf db: Database) throws -> Bool {
    let key = record.key
    let existing = try Row.fetchOne(
      db, sql: "SELECT * FROM progress_mirror WHERE server_id = ? AND library_id = ? AND path = ?",
      arguments: [key.serverID, key.libraryID, key.path]
    ).map { Self.record($0, version: $0["version"]) }
    guard LastWriteWins.mirrorAccepts(record, over: existing) else { return false }
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO progress_mirror
          (server_id, library_id, path, position, duration, finished, playback_speed, version,
           device_id, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        key.serverID, key.libraryID, key.path, record.position, record.duration, record.finished,
        record.playbackSpeed, record.version, record.deviceID,
        WireTime.milliseconds(record.updatedAt),
      ])
    return true
  }

  /// Deletes the queued saves of `key` captured at or before `time`: the
  /// server keeps a row at least that new over any of them.
  static func deleteQueued(of key: LibraryPath, notNewerThan time: Date, in db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM progress_queue
        WHERE server_id = ? AND library_id = ? AND path = ? AND updated_at <= ?
        """,
      arguments: [key.serverID, key.libraryID, key.path, WireTime.milliseconds(time)])
  }

  static func queuedSave(_ row: Row) -> QueuedSave {
    QueuedSave(id: row["id"], record: record(row, version: 0))
  }

  static func record(_ row: Row, version: Int) -> ProgressRecord {
    ProgressRecord(
      key: LibraryPath(serverID: row["server_id"], libraryID: row["library_id"], path: row["path"]),
      position: row["position"], duration: row["duration"], finished: row["finished"],
      playbackSpeed: row["playback_speed"], version: version, deviceID: row["device_id"],
      updatedAt: WireTime.date(milliseconds: row["updated_at"]))
  }
}
