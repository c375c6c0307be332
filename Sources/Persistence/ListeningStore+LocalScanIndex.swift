import Foundation
import GRDB
import HarkCore

/// The last scan of a library folder: its books (Hark's own model) and
/// each book's cover file, by book path.
public struct LocalFolderSnapshot: Equatable, Sendable {
  public var books: [Book]
  public var covers: [String: String]

  public init(books: [Book], covers: [String: String]) {
    self.books = books
    self.covers = covers
  }
}

/// The local-library scan index: what was read from each audio file, keyed
/// by path + size + mtime, handed to the scanner as what it already knows,
/// so a rescan of an unchanged folder opens no audio file.
extension ListeningStore {
  /// What the last scan of `root` read, per file. A row this build cannot
  /// decode is left out (that file is simply read again).
  public func localTracks(root: String) throws -> [LocalFileKey: LocalTrack] {
    let decoder = JSONDecoder()
    return try database.read { db in
      var tracks: [LocalFileKey: LocalTrack] = [:]
      let rows = try Row.fetchCursor(
        db, sql: "SELECT rel_path, size, modified, track FROM local_scan_files WHERE root = ?",
        arguments: [root])
      while let row = try rows.next() {
        guard let track = try? decoder.decode(LocalTrack.self, from: row["track"] as Data) else { continue }
        tracks[LocalFileKey(relPath: row["rel_path"], size: row["size"], modified: row["modified"])] = track
      }
      return tracks
    }
  }

  /// The books and covers of the last complete scan of `root`, nil before
  /// the first one.
  public func localSnapshot(root: String) throws -> LocalFolderSnapshot? {
    let decoder = JSONDecoder()
    return try database.read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT books, covers FROM local_scan_books WHERE root = ?", arguments: [root]),
        let books = try? decoder.decode([Book].self, from: row["books"] as Data),
        let covers = try? decoder.decode([String: String].self, from: row["covers"] as Data)
      else { return nil }
      return LocalFolderSnapshot(books: books, covers: covers)
    }
  }

  /// Replaces everything known about `root` with one complete scan, in one
  /// transaction (files gone from the folder leave the index). Only for a
  /// scan that found the folder: a missing folder must keep what it had.
  public func saveLocalScan(
    root: String, tracks: [LocalFileKey: LocalTrack], snapshot: LocalFolderSnapshot, at time: Date
  ) throws {
    let encoder = JSONEncoder()
    let encoded = try tracks.map { ($0.key, try encoder.encode($0.value)) }
    let books = try encoder.encode(snapshot.books)
    let covers = try encoder.encode(snapshot.covers)
    try database.write { db in
      try db.execute(sql: "DELETE FROM local_scan_files WHERE root = ?", arguments: [root])
      let insert = try db.makeStatement(
        sql: "INSERT INTO local_scan_files (root, rel_path, size, modified, track) VALUES (?, ?, ?, ?, ?)")
      for (key, track) in encoded {
        try insert.execute(arguments: [root, key.relPath, key.size, key.modified, track])
      }
      try db.execute(
        sql: "INSERT OR REPLACE INTO local_scan_books (root, books, covers, scanned_at) VALUES (?, ?, ?, ?)",
        arguments: [root, books, covers, WireTime.milliseconds(time)])
    }
  }
}
