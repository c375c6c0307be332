import Foundation

/// One file of a download: which server file it is, where it goes and how
/// much of it is known to be on disk.
public struct DownloadFile: Codable, Equatable, Sendable {
  /// The file's library-relative path on the server (what `stream?path=`
  /// takes). Never used as a path on this computer.
  public var path: String
  /// The file's name inside the book's folder (`downloadFileName`).
  public var name: String
  /// The server's `files[].size`; 0 when it did not say.
  public var size: Int64
  /// Whole on disk, its length checked against the server's.
  public var complete: Bool
  /// The server's validator (ETag, else Last-Modified) from the response
  /// the bytes on disk came from, so a resume never splices two versions.
  public var validator: String?

  public init(path: String, name: String, size: Int64, complete: Bool = false, validator: String? = nil) {
    self.path = path
    self.name = name
    self.size = size
    self.complete = complete
    self.validator = validator
  }
}

/// One book in the downloads registry: its manifest (the book with its
/// chapters, the files in play order and where each lies) and its status.
/// Everything the Book page and the player need with no network.
public struct DownloadEntry: Codable, Equatable, Sendable {
  public var key: LibraryPath
  public var status: DownloadStatus
  /// The book as the server described it, files and chapters included.
  public var book: Book
  /// In play order (`bookFileSpecs`).
  public var files: [DownloadFile]
  /// The book's own folder. Absolute, so a download made before the
  /// listener moved the downloads folder keeps playing from where it is.
  public var folder: URL
  /// The saved cover's name in `folder`, when the server had one.
  public var cover: String?
  /// Why it failed, in the listener's words (status `error`).
  public var message: String?
  /// When the listener asked: the queue is first come, first served.
  public var requestedAt: Date
  /// When the last file arrived (status `downloaded`).
  public var savedAt: Date?

  public init(
    key: LibraryPath, status: DownloadStatus, book: Book, files: [DownloadFile], folder: URL,
    cover: String? = nil, message: String? = nil, requestedAt: Date, savedAt: Date? = nil
  ) {
    self.key = key
    self.status = status
    self.book = book
    self.files = files
    self.folder = folder
    self.cover = cover
    self.message = message
    self.requestedAt = requestedAt
    self.savedAt = savedAt
  }

  /// A new, queued entry for `book`, its files named inside `root`'s
  /// per-server folder by `downloadNames`, never by the server's paths.
  public static func queued(key: LibraryPath, book: Book, root: URL, at now: Date) -> DownloadEntry {
    let folder = root
      .appendingPathComponent(downloadServerFolderName(serverID: key.serverID), isDirectory: true)
      .appendingPathComponent(
        downloadBookFolderName(libraryID: key.libraryID, bookPath: key.path, title: book.title),
        isDirectory: true)
    let files = bookFileSpecs(book).enumerated().map { index, spec in
      DownloadFile(path: spec.path, name: downloadFileName(index: index, serverPath: spec.path), size: spec.size)
    }
    return DownloadEntry(key: key, status: .queued, book: book, files: files, folder: folder, requestedAt: now)
  }

  /// Where file `index` lies on disk.
  public func location(of index: Int) -> URL {
    folder.appendingPathComponent(files[index].name, isDirectory: false)
  }

  /// The bytes the server said the book has; 0 when any file's size is unknown.
  public var expectedBytes: Int64 {
    files.allSatisfy { $0.size > 0 } ? files.reduce(0) { $0 + $1.size } : 0
  }

  /// Every file is on disk and whole: the book plays with no connection.
  /// Lists ask this for every row, so it builds nothing (`localCopy` does).
  public var isWhole: Bool { status == .downloaded && !files.isEmpty && files.allSatisfy(\.complete) }

  /// The downloaded copy the player plays, only when every file is whole.
  public var localCopy: LocalCopy? {
    guard isWhole else { return nil }
    var located: [String: URL] = [:]
    for index in files.indices { located[files[index].path] = location(of: index) }
    return LocalCopy(files: located, cover: cover.map { folder.appendingPathComponent($0) })
  }
}
