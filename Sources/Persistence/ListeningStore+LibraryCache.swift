import Foundation
import GRDB
import HarkCore

/// One cached answer's place: whose, which call, which library and which
/// folder, book or query.
public struct LibraryCacheKey: Hashable, Sendable {
  /// Which call the answer came from.
  public enum Kind: String, Sendable, CaseIterable {
    case libraries
    /// A folder, every page drained.
    case folder
    /// A book with its files and chapters.
    case book
    /// The listener's progress rows (Continue Listening).
    case progress
    case recent
    case favourites
    /// One page of All Books (or of "More by …"); `key` names the query and
    /// the cursor.
    case booksPage
  }

  public var serverID: String
  public var kind: Kind
  /// 0 for a server-wide answer (libraries, progress, recent, favourites).
  public var libraryID: Int
  /// A folder's or book's path, a page's query; "" for a server-wide answer.
  public var key: String

  public init(serverID: String, kind: Kind, libraryID: Int = 0, key: String = "") {
    self.serverID = serverID
    self.kind = kind
    self.libraryID = libraryID
    self.key = key
  }
}

/// How large the library cache may grow. Past either limit the answers
/// fetched longest ago go first: 64 MiB holds a 10,000-book folder (about
/// 3 MB of JSON) many times over, and 20,000 rows every book of a large
/// library opened once. An answer larger than a quarter of the bytes is
/// not kept: it would push out everything else.
public struct LibraryCacheLimits: Equatable, Sendable {
  public var maxBytes: Int
  public var maxRows: Int

  public init(maxBytes: Int = 64 << 20, maxRows: Int = 20_000) {
    self.maxBytes = maxBytes
    self.maxRows = maxRows
  }

  /// The largest single answer worth keeping.
  public var maxAnswerBytes: Int { maxBytes / 4 }
}

/// The library as last seen, in the listening database (SQL only; the
/// encoding, the thread and when to answer from it are `LibraryCache`'s).
extension ListeningStore {
  /// Keeps `answer` (replacing the one before it) and trims the cache to
  /// `limits`, oldest first, in one transaction.
  /// - Returns: false when the answer is too large to keep (nothing written).
  @discardableResult
  public func saveCachedAnswer(
    _ answer: Data, for key: LibraryCacheKey, fetchedAt: Date, limits: LibraryCacheLimits = LibraryCacheLimits()
  ) throws -> Bool {
    guard answer.count <= limits.maxAnswerBytes else { return false }
    try database.write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO library_cache (server_id, kind, library_id, key, answer, bytes, fetched_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          key.serverID, key.kind.rawValue, key.libraryID, key.key, answer, answer.count,
          WireTime.milliseconds(fetchedAt),
        ])
      try Self.trimLibraryCache(db, to: limits)
    }
    return true
  }

  /// The answer last kept for `key` and when it was fetched.
  public func cachedAnswer(for key: LibraryCacheKey) throws -> (answer: Data, fetchedAt: Date)? {
    try database.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT answer, fetched_at FROM library_cache
          WHERE server_id = ? AND kind = ? AND library_id = ? AND key = ?
          """,
        arguments: [key.serverID, key.kind.rawValue, key.libraryID, key.key]
      ).map { row in (row["answer"], WireTime.date(milliseconds: row["fetched_at"])) }
    }
  }

  /// Drops one server's cached library (signed out: nothing of it stays).
  public func forgetLibrary(serverID: String) throws {
    try database.write { db in
      try db.execute(sql: "DELETE FROM library_cache WHERE server_id = ?", arguments: [serverID])
    }
  }

  /// Rows and bytes the cache holds now.
  public func libraryCacheSize() throws -> (rows: Int, bytes: Int) {
    try database.read { db in
      let row = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS b FROM library_cache")
      return (row?["n"] ?? 0, row?["b"] ?? 0)
    }
  }

  /// Deletes the answers fetched longest ago until both limits hold.
  static func trimLibraryCache(_ db: Database, to limits: LibraryCacheLimits) throws {
    guard
      let total = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS b FROM library_cache")
    else { return }
    var rows: Int = total["n"]
    var bytes: Int = total["b"]
    guard rows > limits.maxRows || bytes > limits.maxBytes else { return }
    // Down to 90%, so the next few writes do not trim again.
    let (keepRows, keepBytes) = (limits.maxRows * 9 / 10, limits.maxBytes * 9 / 10)
    var doomed: [Int64] = []
    // Read to the end before deleting: no statement is left running over
    // the rows being deleted.
    for row in try Row.fetchAll(db, sql: "SELECT rowid, bytes FROM library_cache ORDER BY fetched_at, rowid") {
      guard rows > keepRows || bytes > keepBytes else { break }
      doomed.append(row["rowid"])
      rows -= 1
      bytes -= row["bytes"] as Int
    }
    for chunk in stride(from: 0, to: doomed.count, by: 500) {
      let ids = doomed[chunk..<min(chunk + 500, doomed.count)]
      try db.execute(
        sql: "DELETE FROM library_cache WHERE rowid IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
        arguments: StatementArguments(Array(ids)))
    }
  }
}
