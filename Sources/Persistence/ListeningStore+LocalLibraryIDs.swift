import Foundation
import GRDB
import HarkCore

/// Each library folder's library id, kept rather than derived from its
/// path each time, so a folder renamed or moved (recognised by its files:
/// `LocalLibraryIdentity`) keeps its id and with it every place, bookmark,
/// note, favourite and history entry of its books, which are keyed by it.
extension ListeningStore {
  /// Every folder's id, by path.
  public func localLibraryIDs() throws -> [String: Int] {
    try database.read { db in
      var ids: [String: Int] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT root, library_id FROM local_libraries") {
        ids[row["root"]] = row["library_id"]
      }
      return ids
    }
  }

  /// Keeps `id` as the folder's library id, unless it has one already.
  public func keepLocalLibraryID(root: String, id: Int) throws {
    try database.write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO local_libraries (root, library_id) VALUES (?, ?)", arguments: [root, id])
    }
  }

  /// The audio files each folder had at its last complete scan (path,
  /// size, modification time), by folder: what a renamed folder is
  /// recognised by. No audio is decoded; the index's keys are enough.
  public func localIndexedFiles() throws -> [String: Set<LocalFileKey>] {
    try database.read { db in
      var files: [String: Set<LocalFileKey>] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT root, rel_path, size, modified FROM local_scan_files")
      while let row = try rows.next() {
        files[row["root"], default: []].insert(
          LocalFileKey(relPath: row["rel_path"], size: row["size"], modified: row["modified"]))
      }
      return files
    }
  }

  /// The folder at `old` is now at `new`: its id, scan index and last
  /// books move there, in one transaction, and `old` is forgotten. The
  /// id it had (kept, or its path's hash from before ids were kept) is
  /// returned: the listener's state, keyed by it, needs no change at all.
  @discardableResult
  public func moveLocalLibrary(from old: String, to new: String) throws -> Int {
    try database.write { db in
      let kept = try Int.fetchOne(db, sql: "SELECT library_id FROM local_libraries WHERE root = ?", arguments: [old])
      let id = kept ?? LocalLibraryID.forFolder(old)
      for table in ["local_scan_files", "local_scan_books", "local_libraries"] {
        try db.execute(sql: "DELETE FROM \(table) WHERE root = ?", arguments: [new])
        try db.execute(sql: "UPDATE \(table) SET root = ? WHERE root = ?", arguments: [new, old])
      }
      try db.execute(
        sql: "INSERT OR REPLACE INTO local_libraries (root, library_id) VALUES (?, ?)", arguments: [new, id])
      return id
    }
  }
}

extension ListeningSchema {
  /// Library ids kept per folder (they were each folder's path hash). The
  /// folders already scanned keep exactly that id, written down here, so
  /// nobody's places move.
  static func v6LocalLibraryIDs(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE local_libraries (
          root TEXT NOT NULL PRIMARY KEY,
          library_id INTEGER NOT NULL
        );
        """)
    for root in try String.fetchAll(db, sql: "SELECT root FROM local_scan_books") {
      try db.execute(
        sql: "INSERT INTO local_libraries (root, library_id) VALUES (?, ?)",
        arguments: [root, LocalLibraryID.forFolder(root)])
    }
  }
}
