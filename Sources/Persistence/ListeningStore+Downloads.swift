import Foundation
import GRDB
import HarkCore

/// The downloads registry, in the listening database beside the progress
/// it belongs with. Each write is one transaction, on disk when it returns
/// (the store's `synchronous = FULL`), so a kill never leaves a half entry.
extension ListeningStore {
  /// Every entry, oldest request first. An entry this build cannot read (a
  /// newer Hark's, a damaged row) is skipped, never fatal.
  public func downloads() throws -> [DownloadEntry] {
    let decoder = JSONDecoder()
    return try database.read { db in
      try Data.fetchAll(db, sql: "SELECT entry FROM downloads ORDER BY requested_at, rowid")
        .compactMap { try? decoder.decode(DownloadEntry.self, from: $0) }
    }
  }

  /// Writes (or replaces) one entry.
  public func saveDownload(_ entry: DownloadEntry) throws {
    let data = try JSONEncoder().encode(entry)
    try database.write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO downloads (server_id, library_id, path, status, entry, requested_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          entry.key.serverID, entry.key.libraryID, entry.key.path, entry.status.rawValue, data,
          WireTime.milliseconds(entry.requestedAt),
        ])
    }
  }

  /// Forgets one entry (its files are the caller's to remove).
  public func deleteDownload(_ key: LibraryPath) throws {
    try database.write { db in
      try db.execute(
        sql: "DELETE FROM downloads WHERE server_id = ? AND library_id = ? AND path = ?",
        arguments: [key.serverID, key.libraryID, key.path])
    }
  }
}
