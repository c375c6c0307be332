import Foundation
import GRDB
import HarkCore

/// Bookmarks, notes, favourites and listening history of books on this
/// computer: kept here because no server keeps them, in the same models
/// the Book page shows a server's.
extension ListeningStore {
  /// The book's bookmarks, in the order they were made.
  public func localBookmarks(_ key: LibraryPath) throws -> [Bookmark] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, position, note, created_at FROM local_bookmarks
          WHERE server_id = ? AND library_id = ? AND path = ? ORDER BY id
          """, arguments: [key.serverID, key.libraryID, key.path]
      ).map { row in
        Bookmark(
          id: row["id"], libraryID: key.libraryID, path: key.path, position: row["position"], note: row["note"],
          createdAt: Timestamp(WireTime.date(milliseconds: row["created_at"])))
      }
    }
  }

  public func addLocalBookmark(_ key: LibraryPath, position: Double, note: String, at time: Date) throws {
    try database.write { db in
      try db.execute(
        sql: """
          INSERT INTO local_bookmarks (server_id, library_id, path, position, note, created_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [key.serverID, key.libraryID, key.path, position, note, WireTime.milliseconds(time)])
    }
  }

  public func deleteLocalBookmark(id: Int) throws {
    try database.write { db in try db.execute(sql: "DELETE FROM local_bookmarks WHERE id = ?", arguments: [id]) }
  }

  /// The book's notes, newest first (as a server lists them).
  public func localNotes(_ key: LibraryPath) throws -> [Note] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, position, body, created_at FROM local_notes
          WHERE server_id = ? AND library_id = ? AND path = ? ORDER BY id DESC
          """, arguments: [key.serverID, key.libraryID, key.path]
      ).map { row in
        let created = Timestamp(WireTime.date(milliseconds: row["created_at"]))
        return Note(
          id: row["id"], libraryID: key.libraryID, path: key.path, position: row["position"], body: row["body"],
          createdAt: created, updatedAt: created)
      }
    }
  }

  public func addLocalNote(_ key: LibraryPath, body: String, at time: Date) throws {
    try database.write { db in
      try db.execute(
        sql: "INSERT INTO local_notes (server_id, library_id, path, body, created_at) VALUES (?, ?, ?, ?, ?)",
        arguments: [key.serverID, key.libraryID, key.path, body, WireTime.milliseconds(time)])
    }
  }

  public func deleteLocalNote(id: Int) throws {
    try database.write { db in try db.execute(sql: "DELETE FROM local_notes WHERE id = ?", arguments: [id]) }
  }

  /// This computer's favourite books, newest first: library id, book path
  /// and when it was starred.
  public func localFavourites(serverID: String) throws -> [(libraryID: Int, path: String, createdAt: Date)] {
    try database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT library_id, path, created_at FROM local_favourites WHERE server_id = ? ORDER BY created_at DESC",
        arguments: [serverID]
      ).map { ($0["library_id"], $0["path"], WireTime.date(milliseconds: $0["created_at"])) }
    }
  }

  public func setLocalFavourite(_ key: LibraryPath, _ on: Bool, at time: Date) throws {
    try database.write { db in
      if on {
        try db.execute(
          sql: "INSERT OR IGNORE INTO local_favourites (server_id, library_id, path, created_at) VALUES (?, ?, ?, ?)",
          arguments: [key.serverID, key.libraryID, key.path, WireTime.milliseconds(time)])
      } else {
        try db.execute(
          sql: "DELETE FROM local_favourites WHERE server_id = ? AND library_id = ? AND path = ?",
          arguments: [key.serverID, key.libraryID, key.path])
      }
    }
  }

  /// A stretch the listener heard, as a server's history keeps it.
  public func addLocalHistory(_ key: LibraryPath, _ span: HistorySpan) throws {
    try database.write { db in
      try db.execute(
        sql: """
          INSERT INTO local_history (server_id, library_id, path, from_position, to_position, started_at, ended_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          key.serverID, key.libraryID, key.path, span.fromPosition, span.toPosition,
          WireTime.milliseconds(span.startedAt.date ?? Date()), WireTime.milliseconds(span.endedAt.date ?? Date()),
        ])
    }
  }

  /// The book's listening history, newest first, at most `limit` entries.
  public func localHistory(_ key: LibraryPath, limit: Int = 50) throws -> [HistoryEntry] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, from_position, to_position, started_at, ended_at FROM local_history
          WHERE server_id = ? AND library_id = ? AND path = ? ORDER BY started_at DESC, id DESC LIMIT ?
          """, arguments: [key.serverID, key.libraryID, key.path, limit]
      ).map { row in
        HistoryEntry(
          id: row["id"], libraryID: key.libraryID, path: key.path, fromPosition: row["from_position"],
          toPosition: row["to_position"], startedAt: Timestamp(WireTime.date(milliseconds: row["started_at"])),
          endedAt: Timestamp(WireTime.date(milliseconds: row["ended_at"])))
      }
    }
  }
}
