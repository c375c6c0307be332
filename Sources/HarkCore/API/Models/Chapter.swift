import Foundation

/// One audio file of a multi-file book.
public struct BookFile: Codable, Hashable, Sendable {
  /// The file's library-relative path: what `stream?path=` takes.
  public var relPath: String
  /// Play order key.
  public var seq: Int
  public var duration: Double
  public var format: String
  public var size: Int64

  public init(
    relPath: String, seq: Int = 0, duration: Double = 0, format: String = "", size: Int64 = 0
  ) {
    self.relPath = relPath
    self.seq = seq
    self.duration = duration
    self.format = format
    self.size = size
  }

  enum CodingKeys: String, CodingKey {
    case seq, duration, format, size
    case relPath = "rel_path"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    relPath = try c.decode(String.self, forKey: .relPath)
    seq = c.integer(.seq)
    duration = c.seconds(.duration)
    format = c.optional(.format).map(displayable) ?? ""
    size = c.byteCount(.size)
  }
}

/// A chapter as the server reports it. `filePath` is the reliable key to its
/// audio file; `start`/`end` are seconds inside that file. `fileIndex` can be
/// wrong and `bookOffset` is often 0 on every chapter, so whole-book offsets
/// are recomputed from file durations rather than trusted.
public struct Chapter: Codable, Hashable, Sendable {
  public var index: Int
  public var title: String
  /// May be missing or wrong; prefer `filePath`.
  public var fileIndex: Int?
  public var filePath: String
  public var start: Double
  public var end: Double
  /// Unreliable server value; recompute.
  public var bookOffset: Double

  public init(
    index: Int, title: String, fileIndex: Int? = nil, filePath: String, start: Double,
    end: Double, bookOffset: Double = 0
  ) {
    self.index = index
    self.title = title
    self.fileIndex = fileIndex
    self.filePath = filePath
    self.start = start
    self.end = end
    self.bookOffset = bookOffset
  }

  enum CodingKeys: String, CodingKey {
    case index, title, start, end
    case fileIndex = "file_index"
    case filePath = "file_path"
    case bookOffset = "book_offset"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    index = c.integer(.index)
    title = try c.text(.title)
    fileIndex = c.index(.fileIndex)
    filePath = try c.value(.filePath, or: "")
    start = c.seconds(.start)
    end = c.seconds(.end)
    bookOffset = c.seconds(.bookOffset)
  }
}

/// `GET /libraries/{id}/chapters`: the book's files and chapters without the
/// rest of the metadata.
public struct ChaptersResponse: Codable, Hashable, Sendable {
  public var libraryID: Int
  public var path: String
  public var duration: Double
  public var isFolder: Bool
  public var files: [BookFile]
  public var chapters: [Chapter]
  public var codec: String?
  public var directPlayable: Bool?

  public init(
    libraryID: Int, path: String, duration: Double = 0, isFolder: Bool = false,
    files: [BookFile] = [], chapters: [Chapter] = [], codec: String? = nil,
    directPlayable: Bool? = nil
  ) {
    self.libraryID = libraryID
    self.path = path
    self.duration = duration
    self.isFolder = isFolder
    self.files = files
    self.chapters = chapters
    self.codec = codec
    self.directPlayable = directPlayable
  }

  enum CodingKeys: String, CodingKey {
    case path, duration, files, chapters, codec
    case libraryID = "library_id"
    case isFolder = "is_folder"
    case directPlayable = "direct_playable"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    libraryID = try c.decode(Int.self, forKey: .libraryID)
    path = try c.decode(String.self, forKey: .path)
    duration = c.seconds(.duration)
    isFolder = try c.value(.isFolder, or: false)
    files = try c.list(.files)
    chapters = chaptersInPlayOrder(try c.list(.chapters), files: files, bookDuration: duration)
    codec = c.optional(.codec).map(displayable)
    directPlayable = c.optional(.directPlayable)
  }
}
