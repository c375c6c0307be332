// Persistence: the on-disk listening state, one SQLite file through GRDB.
//
// Why SQLite and not JSON files: a position must survive the process being
// killed at any instant. SQLite in WAL mode commits each save atomically
// (the mirror row and the queued save together, or neither), a reopen after
// a crash replays the WAL, and `synchronous = FULL` makes a commit durable
// before `recordLocal` returns, so a save is on disk before any network call
// is tried. Every write is one transaction; the schema grows only through
// named migrations, so an older database is carried forward, never wiped.
//
// The rules (last-write-wins, the resume lookup, which queued saves a flush
// sends and what a failure means) are pure and live in HarkCore/Sync; this
// target stores records and runs the network side (`ProgressSyncer`).
