import Foundation

/// Where the listener is in one book on one server: a local save (captured
/// by this device, `version` 0) or a server row (its `version` counts the
/// writes the server accepted).
///
/// `updatedAt` is the real moment the position was captured. It is what
/// last-write-wins compares, so a save queued offline keeps its own time
/// when it is replayed hours later and loses fairly to anything newer.
public struct ProgressRecord: Hashable, Sendable {
  public var key: LibraryPath
  /// Whole-book seconds.
  public var position: Double
  public var duration: Double
  public var finished: Bool
  public var playbackSpeed: Double
  /// 0 for a save made here; the server's count for a row it sent.
  public var version: Int
  public var deviceID: String
  private var capturedAt: Date

  /// When the position was captured, always in whole milliseconds (the wire
  /// format's precision), so the time stored, sent and compared here is the
  /// very `updated_at` the server keeps.
  public var updatedAt: Date {
    get { capturedAt }
    set { capturedAt = WireTime.wholeMilliseconds(newValue) }
  }

  public init(
    key: LibraryPath, position: Double, duration: Double = 0, finished: Bool = false,
    playbackSpeed: Double = 1, version: Int = 0, deviceID: String, updatedAt: Date
  ) {
    self.key = key
    self.position = position
    self.duration = duration
    self.finished = finished
    self.playbackSpeed = playbackSpeed
    self.version = version
    self.deviceID = deviceID
    self.capturedAt = WireTime.wholeMilliseconds(updatedAt)
  }

  /// A server row for `serverID`. An `updated_at` Hark cannot parse counts as
  /// the oldest possible time (the reference treats it as 0), so any real
  /// save beats it.
  public init(row: ProgressRow, serverID: String) {
    self.init(
      key: LibraryPath(serverID: serverID, libraryID: row.libraryID, path: row.path),
      position: row.position, duration: row.duration, finished: row.finished,
      playbackSpeed: row.playbackSpeed, version: row.version, deviceID: row.deviceID,
      updatedAt: row.updatedAt.date ?? WireTime.unknown)
  }

  /// The `PUT` body: `version` 0 and the captured time, as the API asks.
  public var save: ProgressSave {
    ProgressSave(
      position: position, duration: duration, finished: finished, playbackSpeed: playbackSpeed,
      version: 0, deviceID: deviceID, updatedAt: WireTime.timestamp(updatedAt))
  }
}

/// `updated_at` at the wire's precision: whole milliseconds since 1970.
public enum WireTime {
  /// What an unparseable or missing server time counts as.
  public static let unknown = Date(timeIntervalSince1970: 0)

  /// Milliseconds since 1970, rounded down, so a server's finer time never
  /// looks newer than it is. The microsecond of tolerance (about what a
  /// `Date` resolves today) keeps a time that is a whole millisecond, but
  /// sits a hair below it in binary floating point, on that millisecond.
  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
  }

  /// The instant `milliseconds` after 1970.
  public static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// `date` cut to a whole millisecond; applying it twice changes nothing.
  public static func wholeMilliseconds(_ date: Date) -> Date {
    Self.date(milliseconds: milliseconds(date))
  }

  /// `date` as wire text ("2026-07-12T09:30:00.250Z"). The formatter
  /// truncates, so it is handed the middle of the millisecond.
  public static func timestamp(_ date: Date) -> Timestamp {
    Timestamp(Date(timeIntervalSince1970: (Double(milliseconds(date)) + 0.5) / 1000))
  }
}
