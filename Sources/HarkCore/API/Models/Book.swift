import Foundation

/// A book as list routes send it, plus the fields only single-book and
/// de-duplicated responses carry (empty or nil elsewhere).
///
/// Identity is `(libraryID, relPath)`; `id` is an index artifact the server
/// may renumber on any rebuild, so nothing is ever stored or keyed on it.
public struct Book: Codable, Hashable, Sendable {
  /// Index artifact: never store it, never key on it.
  public var id: Int
  public var libraryID: Int
  /// The book's path in its library: a file or a folder.
  public var relPath: String
  public var isFolder: Bool
  public var title: String
  public var author: String
  public var series: String
  public var seriesIndex: Double
  public var narrator: String
  /// Seconds; 0 means unknown.
  public var duration: Double
  public var format: String
  /// Audio codec as probed ("aac", "mp3"); nil or empty when unprobed.
  public var codec: String?
  public var size: Int64
  public var addedAt: Timestamp?
  public var asin: String?
  public var isbn: String?
  /// Single-book responses only.
  public var files: [BookFile]
  /// Single-book responses only.
  public var chapters: [Chapter]
  /// Single-book responses only: false means request the transcoded stream.
  public var directPlayable: Bool?
  /// Search and recent only: groups copies for display. A hint, not an identity.
  public var dedupKey: String?
  public var multiFile: Bool?
  /// Search and recent only: the same book's other copies.
  public var otherLocations: [BookLocation]

  public init(
    id: Int = 0, libraryID: Int, relPath: String, isFolder: Bool = false, title: String = "",
    author: String = "", series: String = "", seriesIndex: Double = 0, narrator: String = "",
    duration: Double = 0, format: String = "", codec: String? = nil, size: Int64 = 0,
    addedAt: Timestamp? = nil, asin: String? = nil, isbn: String? = nil, files: [BookFile] = [],
    chapters: [Chapter] = [], directPlayable: Bool? = nil, dedupKey: String? = nil,
    multiFile: Bool? = nil, otherLocations: [BookLocation] = []
  ) {
    self.id = id
    self.libraryID = libraryID
    self.relPath = relPath
    self.isFolder = isFolder
    self.title = title
    self.author = author
    self.series = series
    self.seriesIndex = seriesIndex
    self.narrator = narrator
    self.duration = duration
    self.format = format
    self.codec = codec
    self.size = size
    self.addedAt = addedAt
    self.asin = asin
    self.isbn = isbn
    self.files = files
    self.chapters = chapters
    self.directPlayable = directPlayable
    self.dedupKey = dedupKey
    self.multiFile = multiFile
    self.otherLocations = otherLocations
  }

  enum CodingKeys: String, CodingKey {
    case id, title, author, series, narrator, duration, format, codec, size, asin, isbn, files
    case chapters
    case libraryID = "library_id"
    case relPath = "rel_path"
    case isFolder = "is_folder"
    case seriesIndex = "series_index"
    case addedAt = "added_at"
    case directPlayable = "direct_playable"
    case dedupKey = "dedup_key"
    case multiFile = "multi_file"
    case otherLocations = "other_locations"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = c.integer(.id)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    relPath = try c.decode(String.self, forKey: .relPath)
    isFolder = try c.value(.isFolder, or: false)
    title = try c.text(.title)
    author = try c.text(.author)
    series = try c.text(.series)
    seriesIndex = c.seriesNumber(.seriesIndex)
    narrator = try c.text(.narrator)
    duration = c.seconds(.duration)
    // What Hark can do without reads as absent when it is of a form Hark
    // does not know (see ServerNumbers.swift).
    format = c.optional(.format).map(displayable) ?? ""
    codec = c.optional(.codec).map(displayable)
    size = c.byteCount(.size)
    addedAt = c.optional(.addedAt)
    asin = c.optional(.asin)
    isbn = c.optional(.isbn)
    files = try c.list(.files)
    chapters = chaptersInPlayOrder(try c.list(.chapters), files: files, bookDuration: duration)
    directPlayable = c.optional(.directPlayable)
    dedupKey = c.optional(.dedupKey)
    multiFile = c.optional(.multiFile)
    otherLocations = try c.list(.otherLocations)
  }
}

/// Another copy of a de-duplicated book, in some other library.
public struct BookLocation: Codable, Hashable, Sendable {
  public var libraryID: Int
  public var libraryName: String
  public var path: String
  public var format: String?
  public var size: Int64?
  public var multiFile: Bool?

  public init(
    libraryID: Int, libraryName: String = "", path: String, format: String? = nil,
    size: Int64? = nil, multiFile: Bool? = nil
  ) {
    self.libraryID = libraryID
    self.libraryName = libraryName
    self.path = path
    self.format = format
    self.size = size
    self.multiFile = multiFile
  }

  enum CodingKeys: String, CodingKey {
    case path, format, size
    case libraryID = "library_id"
    case libraryName = "library_name"
    case multiFile = "multi_file"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    libraryName = try c.text(.libraryName)
    path = try c.decode(String.self, forKey: .path)
    format = c.optional(.format).map(displayable)
    size = c.optional(.size).map { max(0, $0) }
    multiFile = c.optional(.multiFile)
  }
}

/// The sort orders of `GET /libraries/{id}/books` (the server's default is author).
public enum BookSort: String, Codable, Hashable, Sendable, CaseIterable {
  case author, title, recent
}

/// One keyset page of `GET /libraries/{id}/books`.
public struct BooksPage: Codable, Hashable, Sendable {
  public var books: [Book]
  /// Opaque; pass it back verbatim for the next page. Nil on the last page.
  public var nextCursor: String?

  public init(books: [Book], nextCursor: String? = nil) {
    self.books = books
    self.nextCursor = nextCursor
  }

  enum CodingKeys: String, CodingKey {
    case books
    case nextCursor = "next_cursor"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    books = try c.list(.books)
    // An empty cursor would page forever on the same request: treat it as the end.
    nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor).flatMap {
      $0.isEmpty ? nil : $0
    }
  }
}
