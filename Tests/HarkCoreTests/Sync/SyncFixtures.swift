import Foundation

@testable import HarkCore

/// The reference's base save, `{c1, lib 1, "A/Book", pos 10, dur 100,
/// unfinished, speed 1, dev, 2026-01-01T00:00:00Z}`, and variations.
enum SyncFixture {
  static let key = LibraryPath(serverID: "c1", libraryID: 1, path: "A/Book")
  static let jan = date("2026-01-01T00:00:00Z")
  static let feb = date("2026-02-01T00:00:00Z")
  static let mar = date("2026-03-01T00:00:00Z")

  static func date(_ text: String) -> Date {
    Timestamp(rawValue: text).date!
  }

  static func record(
    _ key: LibraryPath = key, position: Double = 10, version: Int = 0, deviceID: String = "dev",
    at time: Date = jan
  ) -> ProgressRecord {
    ProgressRecord(
      key: key, position: position, duration: 100, finished: false, playbackSpeed: 1,
      version: version, deviceID: deviceID, updatedAt: time)
  }

  static func queued(_ id: Int64, _ record: ProgressRecord) -> QueuedSave {
    QueuedSave(id: id, record: record)
  }
}
