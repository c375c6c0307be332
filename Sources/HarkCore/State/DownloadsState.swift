import Foundation

/// The downloads registry as the store holds it, plus what only lives while
/// Hark runs (bytes moving, the network, the undo of a delete).
public struct DownloadsState: Equatable, Sendable {
  /// Every book downloaded, downloading, waiting or failed.
  public var entries: [LibraryPath: DownloadEntry] = [:]
  /// The queue, first come first served; downloads a quit interrupted go first.
  public var order: [LibraryPath] = []
  /// Bytes moving now, per book downloading.
  public var transfers: [LibraryPath: DownloadTransfer] = [:]
  /// Where new downloads go; nil until the app has read the registry.
  public var root: URL?
  public var network = NetworkConditions()
  /// Free bytes on the disk downloads go to, as last measured.
  public var freeBytes: Int64?
  /// A download deleted less than the undo time ago, restorable.
  public var undoable: DownloadEntry?

  public init() {}

  /// The entry for a book shown in the library, if any.
  public func entry(_ path: LibraryPath) -> DownloadEntry? { entries[path] }
}

/// What the network allows downloads to do now.
public struct NetworkConditions: Equatable, Sendable {
  public var online = true
  /// A connection the listener pays by the byte (a phone's hotspot).
  public var metered = false

  public init(online: Bool = true, metered: Bool = false) {
    self.online = online
    self.metered = metered
  }

  /// Downloads may move bytes now. "Online" is the system's word (GLib's
  /// network monitor: a route out); a failure while offline waits for the
  /// network instead of counting as a failure.
  func allowsDownloads(_ settings: Settings) -> Bool { online && (!metered || settings.downloadOnMetered) }
}

/// One book's bytes in flight.
public struct DownloadTransfer: Equatable, Sendable {
  /// The bytes of the book on disk: whole files and the one arriving.
  public var bytes: Int64
  /// Bytes per second over the last few seconds; nil until measured.
  public var bytesPerSecond: Double?
  /// The start of the speed measurement window.
  var windowBytes: Int64
  var windowStart: Date

  public init(bytes: Int64, at now: Date) {
    self.bytes = bytes
    windowBytes = bytes
    windowStart = now
  }

  /// A new byte count at `now`: the speed is re-measured every 2 s or more,
  /// so it does not jump with each report.
  mutating func advance(to bytes: Int64, at now: Date) {
    self.bytes = bytes
    let elapsed = now.timeIntervalSince(windowStart)
    guard elapsed >= 2 else { return }
    bytesPerSecond = Double(max(0, bytes - windowBytes)) / elapsed
    windowBytes = bytes
    windowStart = now
  }
}
