import Foundation
import GRDB

/// How many places wait in the offline queue, per server: read at start so
/// that the places a server refused at sign-out (kept here, sent at the
/// next sign-in) are still counted for the listener after a restart.
extension ListeningStore {
  /// Queued saves per server id; a server with none is absent. Counts rows
  /// as the sign-out's flush does (`pendingSaves(serverID:).count`), so the
  /// number after a restart is the one shown before it.
  public func queuedSaveCounts() throws -> [String: Int] {
    try database.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT server_id, COUNT(*) AS queued FROM progress_queue GROUP BY server_id")
      return Dictionary(uniqueKeysWithValues: rows.map { row in (row["server_id"] as String, row["queued"] as Int) })
    }
  }
}
