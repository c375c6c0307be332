import Foundation

/// A recorded listening span, newest first in lists.
public struct HistoryEntry: Codable, Hashable, Sendable {
  public var id: Int
  public var libraryID: Int
  public var path: String
  /// Whole-book seconds where the span began and ended.
  public var fromPosition: Double
  public var toPosition: Double
  public var startedAt: Timestamp
  public var endedAt: Timestamp

  public init(
    id: Int, libraryID: Int, path: String, fromPosition: Double, toPosition: Double,
    startedAt: Timestamp, endedAt: Timestamp
  ) {
    self.id = id
    self.libraryID = libraryID
    self.path = path
    self.fromPosition = fromPosition
    self.toPosition = toPosition
    self.startedAt = startedAt
    self.endedAt = endedAt
  }

  enum CodingKeys: String, CodingKey {
    case id, path
    case libraryID = "library_id"
    case fromPosition = "from_pos"
    case toPosition = "to_pos"
    case startedAt = "started_at"
    case endedAt = "ended_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.value(.id, or: 0)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    fromPosition = c.seconds(.fromPosition)
    toPosition = c.seconds(.toPosition)
    startedAt = try c.value(.startedAt, or: Timestamp(rawValue: ""))
    endedAt = try c.value(.endedAt, or: Timestamp(rawValue: ""))
  }
}

/// The body of `POST /libraries/{id}/history`: exactly these four fields.
/// Codable so a span recorded offline can be queued and sent later unchanged.
public struct HistorySpan: Codable, Hashable, Sendable {
  public var fromPosition: Double
  public var toPosition: Double
  public var startedAt: Timestamp
  public var endedAt: Timestamp

  public init(fromPosition: Double, toPosition: Double, startedAt: Timestamp, endedAt: Timestamp) {
    self.fromPosition = fromPosition
    self.toPosition = toPosition
    self.startedAt = startedAt
    self.endedAt = endedAt
  }

  enum CodingKeys: String, CodingKey {
    case fromPosition = "from_pos"
    case toPosition = "to_pos"
    case startedAt = "started_at"
    case endedAt = "ended_at"
  }
}
