import GRDB

/// The listening database's schema, built only by named migrations.
///
/// Never edit a migration that has shipped: add the next one. A database
/// touched by a newer Hark (a migration this build does not know) is refused
/// rather than written to.
enum ListeningSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: v1)
    migrator.registerMigration("v2-downloads", migrate: v2Downloads)
    migrator.registerMigration("v3-library-cache", migrate: v3LibraryCache)
    migrator.registerMigration("v4-local-scan-index", migrate: v4LocalScanIndex)
    migrator.registerMigration("v5-local-listening", migrate: v5LocalListening)
    migrator.registerMigration("v6-local-library-ids", migrate: v6LocalLibraryIDs)
    return migrator
  }

  /// Times are whole milliseconds since 1970 (UTC), the precision of the
  /// wire's `updated_at`, so comparisons are exact integer ones.
  static func v1(_ db: Database) throws {
    // The progress mirror: the newest known position per book (content key
    // = server, library, path). Never pruned when saves reach the server.
    try db.execute(
      sql: """
        CREATE TABLE progress_mirror (
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          position REAL NOT NULL,
          duration REAL NOT NULL,
          finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
          playback_speed REAL NOT NULL,
          version INTEGER NOT NULL,
          device_id TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (server_id, library_id, path)
        );
        """)
    // The offline queue: append-only, one row per save in the order made,
    // each with its real capture time. A row leaves only when the server
    // has answered for it (or refused it for good).
    try db.execute(
      sql: """
        CREATE TABLE progress_queue (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          position REAL NOT NULL,
          duration REAL NOT NULL,
          finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
          playback_speed REAL NOT NULL,
          device_id TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX progress_queue_by_book ON progress_queue (server_id, library_id, path);
        """)
    // This install's `device_id`: one row, made on first use.
    try db.execute(
      sql: """
        CREATE TABLE device (
          singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
          device_id TEXT NOT NULL
        );
        """)
  }

  /// The downloads registry: one row per book, its manifest (the entry as
  /// JSON: book, chapters, files and where each lies) beside the status,
  /// so a status change and the manifest are written together.
  static func v2Downloads(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE downloads (
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          status TEXT NOT NULL,
          entry BLOB NOT NULL,
          requested_at INTEGER NOT NULL,
          PRIMARY KEY (server_id, library_id, path)
        );
        """)
  }

  /// The library as last seen: each server's last answer per call (a
  /// folder drained, a book, the home shelves' lists, a page of All
  /// Books), as JSON with the time it was fetched, so Hark started with no
  /// network still shows it. `bytes` is the answer's length, kept beside it
  /// so the cap is summed without reading the answers.
  static func v3LibraryCache(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE library_cache (
          server_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          key TEXT NOT NULL,
          answer BLOB NOT NULL,
          bytes INTEGER NOT NULL,
          fetched_at INTEGER NOT NULL,
          PRIMARY KEY (server_id, kind, library_id, key)
        );
        CREATE INDEX library_cache_by_age ON library_cache (fetched_at);
        """)
  }

  /// What the local-library scanner read from each audio file, keyed by
  /// the library folder and the file's path there, with the size and
  /// modification time it had: a rescan opens only files whose size or
  /// time changed. Beside it, each folder's last books and covers, so a
  /// folder that is missing at start (an unplugged drive) still shows its
  /// books, as unavailable, and nothing about them is lost.
  static func v4LocalScanIndex(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE local_scan_files (
          root TEXT NOT NULL,
          rel_path TEXT NOT NULL,
          size INTEGER NOT NULL,
          modified REAL NOT NULL,
          track BLOB NOT NULL,
          PRIMARY KEY (root, rel_path)
        );
        CREATE TABLE local_scan_books (
          root TEXT NOT NULL PRIMARY KEY,
          books BLOB NOT NULL,
          covers BLOB NOT NULL,
          scanned_at INTEGER NOT NULL
        );
        """)
  }

  /// The listener's side of books on this computer, which no server keeps:
  /// bookmarks, notes, favourites and listening history, keyed like
  /// progress (the reserved source id, library, book path).
  static func v5LocalListening(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE local_bookmarks (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          position REAL NOT NULL,
          note TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX local_bookmarks_by_book ON local_bookmarks (server_id, library_id, path);
        CREATE TABLE local_notes (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          position REAL,
          body TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX local_notes_by_book ON local_notes (server_id, library_id, path);
        CREATE TABLE local_favourites (
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (server_id, library_id, path)
        );
        CREATE TABLE local_history (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          server_id TEXT NOT NULL,
          library_id INTEGER NOT NULL,
          path TEXT NOT NULL,
          from_position REAL NOT NULL,
          to_position REAL NOT NULL,
          started_at INTEGER NOT NULL,
          ended_at INTEGER NOT NULL
        );
        CREATE INDEX local_history_by_book ON local_history (server_id, library_id, path);
        """)
  }
}
