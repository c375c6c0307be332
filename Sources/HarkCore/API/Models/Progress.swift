import Foundation

/// The server's record of where the listener is in a book.
public struct ProgressRow: Codable, Hashable, Sendable {
  public var libraryID: Int
  /// The BOOK path (never a file inside it).
  public var path: String
  /// Whole-book seconds.
  public var position: Double
  public var duration: Double
  public var finished: Bool
  public var playbackSpeed: Double
  public var version: Int
  public var deviceID: String
  /// The server keeps the newest `updatedAt`, then the higher `version`.
  public var updatedAt: Timestamp

  public init(
    libraryID: Int, path: String, position: Double, duration: Double = 0, finished: Bool = false,
    playbackSpeed: Double = 1, version: Int = 0, deviceID: String = "",
    updatedAt: Timestamp = Timestamp(rawValue: "")
  ) {
    self.libraryID = libraryID
    self.path = path
    self.position = position
    self.duration = duration
    self.finished = finished
    self.playbackSpeed = playbackSpeed
    self.version = version
    self.deviceID = deviceID
    self.updatedAt = updatedAt
  }

  enum CodingKeys: String, CodingKey {
    case path, position, duration, finished, version
    case libraryID = "library_id"
    case playbackSpeed = "playback_speed"
    case deviceID = "device_id"
    case updatedAt = "updated_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    // The position is the point of the row: a row without one is malformed,
    // never silently read as 0 (which would rewind the listener).
    // Implausible places (negative, huge) read as the start.
    position = try c.requiredSeconds(.position)
    duration = c.seconds(.duration)
    finished = try c.value(.finished, or: false)
    // Both only refine the row (the speed is clamped where it is used; the
    // version breaks ties): a value Hark cannot read costs only itself.
    playbackSpeed = c.optional(.playbackSpeed) ?? 1
    version = c.integer(.version)
    deviceID = try c.value(.deviceID, or: "")
    updatedAt = try c.value(.updatedAt, or: Timestamp(rawValue: ""))
  }
}

/// The body of `PUT /libraries/{id}/progress`: exactly these seven fields,
/// since the server rejects unknown ones. `updatedAt` is the real time of the
/// save, captured when it was made, so a save queued offline replays with its
/// own time and loses fairly to anything newer.
public struct ProgressSave: Codable, Hashable, Sendable {
  public var position: Double
  public var duration: Double
  public var finished: Bool
  public var playbackSpeed: Double
  /// Always 0 from a client; the server orders by `updatedAt` first.
  public var version: Int
  public var deviceID: String
  public var updatedAt: Timestamp

  public init(
    position: Double, duration: Double, finished: Bool, playbackSpeed: Double, version: Int = 0,
    deviceID: String, updatedAt: Timestamp
  ) {
    self.position = position
    self.duration = duration
    self.finished = finished
    self.playbackSpeed = playbackSpeed
    self.version = version
    self.deviceID = deviceID
    self.updatedAt = updatedAt
  }

  enum CodingKeys: String, CodingKey {
    case position, duration, finished, version
    case playbackSpeed = "playback_speed"
    case deviceID = "device_id"
    case updatedAt = "updated_at"
  }
}
