import Foundation

/// One library on the server (`GET /libraries`).
public struct Library: Codable, Hashable, Sendable {
  public var id: Int
  public var name: String
  /// The server-side folder; shown to admins, not used for addressing.
  public var root: String
  /// "filesystem", "computed" or "hybrid".
  public var defaultView: String
  /// Display order, lower first; also the tiebreak when one book is in two libraries.
  public var sortOrder: Int

  public init(
    id: Int, name: String, root: String = "", defaultView: String = "", sortOrder: Int = 0
  ) {
    self.id = id
    self.name = name
    self.root = root
    self.defaultView = defaultView
    self.sortOrder = sortOrder
  }

  enum CodingKeys: String, CodingKey {
    case id, name, root
    case defaultView = "default_view"
    case sortOrder = "sort_order"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.text(.name)
    root = try c.value(.root, or: "")
    defaultView = try c.value(.defaultView, or: "")
    sortOrder = try c.value(.sortOrder, or: 0)
  }
}

/// One page of a folder (`GET /libraries/{id}/fs`): directories first.
public struct FsListing: Codable, Hashable, Sendable {
  public var path: String
  public var entries: [FsEntry]
  public var total: Int
  public var offset: Int
  /// Present while more entries remain; nil on the last page.
  public var nextOffset: Int?

  public init(
    path: String, entries: [FsEntry], total: Int? = nil, offset: Int = 0, nextOffset: Int? = nil
  ) {
    self.path = path
    self.entries = entries
    self.total = total ?? entries.count
    self.offset = offset
    self.nextOffset = nextOffset
  }

  enum CodingKeys: String, CodingKey {
    case path, entries, total, offset
    case nextOffset = "next_offset"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    path = try c.value(.path, or: "")
    entries = try c.list(.entries)
    total = try c.value(.total, or: entries.count)
    offset = try c.value(.offset, or: 0)
    nextOffset = try c.decodeIfPresent(Int.self, forKey: .nextOffset)
  }
}

/// A folder or audio file in a listing. The optional fields are the hybrid
/// view's annotations, present when the entry is an indexed book.
public struct FsEntry: Codable, Hashable, Sendable {
  public var name: String
  /// Library-relative; this is what `?path=` takes.
  public var path: String
  public var isDir: Bool
  public var isAudio: Bool
  public var size: Int64
  /// Seconds since the Unix epoch (the server sends a number here, not RFC 3339).
  public var modTime: Double
  public var isBook: Bool?
  public var title: String?
  public var author: String?
  public var series: String?
  public var seriesIndex: Double?
  public var duration: Double?
  /// The admin's detection override ("book" or "collection"); empty when automatic.
  public var override: String?

  public init(
    name: String, path: String, isDir: Bool, isAudio: Bool = false, size: Int64 = 0,
    modTime: Double = 0, isBook: Bool? = nil, title: String? = nil, author: String? = nil,
    series: String? = nil, seriesIndex: Double? = nil, duration: Double? = nil,
    override: String? = nil
  ) {
    self.name = name
    self.path = path
    self.isDir = isDir
    self.isAudio = isAudio
    self.size = size
    self.modTime = modTime
    self.isBook = isBook
    self.title = title
    self.author = author
    self.series = series
    self.seriesIndex = seriesIndex
    self.duration = duration
    self.override = override
  }

  enum CodingKeys: String, CodingKey {
    case name, path, size, title, author, series, duration, override
    case isDir = "is_dir"
    case isAudio = "is_audio"
    case modTime = "mod_time"
    case isBook = "is_book"
    case seriesIndex = "series_index"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    path = try c.decode(String.self, forKey: .path)
    name = try c.text(.name, or: path.split(separator: "/").last.map(String.init) ?? path)
    isDir = try c.value(.isDir, or: false)
    // Hints for the row; one Hark cannot read costs only itself.
    isAudio = c.optional(.isAudio) ?? false
    size = c.byteCount(.size)
    modTime = try c.unixSeconds(.modTime) ?? 0
    isBook = c.optional(.isBook)
    title = try c.optionalText(.title)
    author = try c.optionalText(.author)
    series = try c.optionalText(.series)
    seriesIndex = c.optional(.seriesIndex)
    duration = c.optionalSeconds(.duration)
    override = try c.decodeIfPresent(String.self, forKey: .override)
  }
}
