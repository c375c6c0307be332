import Foundation

/// A bookmark at a whole-book position.
public struct Bookmark: Codable, Hashable, Sendable {
  /// The server's row id: what `DELETE /bookmarks/{id}` takes.
  public var id: Int
  public var libraryID: Int
  public var path: String
  public var position: Double
  public var note: String
  public var createdAt: Timestamp

  public init(
    id: Int, libraryID: Int, path: String, position: Double, note: String = "",
    createdAt: Timestamp = Timestamp(rawValue: "")
  ) {
    self.id = id
    self.libraryID = libraryID
    self.path = path
    self.position = position
    self.note = note
    self.createdAt = createdAt
  }

  enum CodingKeys: String, CodingKey {
    case id, path, position, note
    case libraryID = "library_id"
    case createdAt = "created_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    position = try c.requiredSeconds(.position)
    note = try c.text(.note)
    createdAt = try c.value(.createdAt, or: Timestamp(rawValue: ""))
  }
}

/// A note, optionally pinned to a position.
public struct Note: Codable, Hashable, Sendable {
  /// What `DELETE /notes/{id}` takes.
  public var id: Int
  public var libraryID: Int
  public var path: String
  /// Nil for a note about the whole book.
  public var position: Double?
  public var body: String
  public var createdAt: Timestamp
  public var updatedAt: Timestamp

  public init(
    id: Int, libraryID: Int, path: String, position: Double? = nil, body: String,
    createdAt: Timestamp = Timestamp(rawValue: ""), updatedAt: Timestamp = Timestamp(rawValue: "")
  ) {
    self.id = id
    self.libraryID = libraryID
    self.path = path
    self.position = position
    self.body = body
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  enum CodingKeys: String, CodingKey {
    case id, path, position, body
    case libraryID = "library_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    position = c.optionalSeconds(.position)
    body = try c.text(.body)
    createdAt = try c.value(.createdAt, or: Timestamp(rawValue: ""))
    updatedAt = try c.value(.updatedAt, or: createdAt)
  }
}

/// A favourite: a book, or a plain folder (`isBook` false: show the path's
/// last component, since the book fields are empty).
public struct Favourite: Codable, Hashable, Sendable {
  public var libraryID: Int
  public var path: String
  public var isBook: Bool
  public var title: String?
  public var author: String?
  public var series: String?
  public var seriesIndex: Double?
  public var duration: Double?
  public var createdAt: Timestamp

  public init(
    libraryID: Int, path: String, isBook: Bool, title: String? = nil, author: String? = nil,
    series: String? = nil, seriesIndex: Double? = nil, duration: Double? = nil,
    createdAt: Timestamp = Timestamp(rawValue: "")
  ) {
    self.libraryID = libraryID
    self.path = path
    self.isBook = isBook
    self.title = title
    self.author = author
    self.series = series
    self.seriesIndex = seriesIndex
    self.duration = duration
    self.createdAt = createdAt
  }

  enum CodingKeys: String, CodingKey {
    case path, title, author, series, duration
    case libraryID = "library_id"
    case isBook = "is_book"
    case seriesIndex = "series_index"
    case createdAt = "created_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    isBook = try c.value(.isBook, or: false)
    title = try c.optionalText(.title)
    author = try c.optionalText(.author)
    series = try c.optionalText(.series)
    seriesIndex = c.optional(.seriesIndex)
    duration = c.optionalSeconds(.duration)
    createdAt = try c.value(.createdAt, or: Timestamp(rawValue: ""))
  }
}
