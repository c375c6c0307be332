import Foundation
import HarkCore

#if canImport(Glibc)
  import Glibc
#endif

/// One cached cover as found on disk.
struct CoverEntry: Sendable {
  /// The image bytes; nil for the "no cover" marker (an empty file).
  var image: Data?
  /// When it was fetched: the file's modification time.
  var modified: Date
}

/// The cover cache's folder: one file per book, named by `CoverFileName`,
/// holding the image bytes or nothing ("the server has no cover").
///
/// Every write goes to a temporary file in the same folder and is renamed
/// over the old one, so a reader sees the old file or the new one, never half
/// of either. There is no fsync: after a power cut a new file may come back
/// empty or short, which reads as "no cover" or an image that fails to
/// decode (the view shows its placeholder) until the entry is refetched a day
/// later; syncing every cover of a scrolled grid is not worth that.
struct CoverFiles: Sendable {
  let directory: URL
  /// The clock that stamps writes; freshness is judged against the same one.
  let now: @Sendable () -> Date

  private static let temporaryPrefix = ".tmp-"

  func url(for key: LibraryPath) -> URL {
    directory.appendingPathComponent(CoverFileName.name(for: key), isDirectory: false)
  }

  /// The entry for `key`, fresh or not; nil when there is none or it cannot
  /// be read.
  func read(_ key: LibraryPath) -> CoverEntry? {
    let url = url(for: key)
    guard
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let modified = attributes[.modificationDate] as? Date,
      let bytes = try? Data(contentsOf: url)
    else { return nil }
    return CoverEntry(image: bytes.isEmpty ? nil : bytes, modified: modified)
  }

  /// Replaces the entry for `key` with `image`, or with the "no cover"
  /// marker when nil, stamped with `now()`.
  /// - Returns: how many bytes the folder grew by (negative if it shrank).
  @discardableResult
  func write(_ image: Data?, for key: LibraryPath) throws -> Int {
    try createDirectory()
    let destination = url(for: key)
    let temporary = directory.appendingPathComponent(
      Self.temporaryPrefix + UUID().uuidString, isDirectory: false)
    do {
      try (image ?? Data()).write(to: temporary)
      // The stamp is set on the temporary file so the entry appears with it.
      try FileManager.default.setAttributes(
        [.modificationDate: now()], ofItemAtPath: temporary.path)
      let previous = size(of: destination)
      guard rename(temporary.path, destination.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
      }
      return (image?.count ?? 0) - previous
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  /// The bytes held in the folder (temporary files left by a crash included).
  func totalSize() -> Int {
    files().reduce(0) { $0 + $1.size }
  }

  /// Removes the least recently written files until at most `target` bytes
  /// remain. Leftover temporary files are old, so they go first.
  /// - Returns: the bytes left.
  func evict(downTo target: Int) -> Int {
    let files = files().sorted { $0.modified < $1.modified }
    var total = files.reduce(0) { $0 + $1.size }
    for file in files where total > target {
      if (try? FileManager.default.removeItem(at: file.url)) != nil { total -= file.size }
    }
    return total
  }

  private func files() -> [(url: URL, size: Int, modified: Date)] {
    let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
    let urls =
      (try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys)) ?? []
    return urls.compactMap { url in
      guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
      else { return nil }
      return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
  }

  private func size(of url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue
      ?? 0
  }

  /// Covers say which books someone listens to: the folder is private (0700).
  private func createDirectory() throws {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
      return
    }
    try manager.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: NSNumber(value: 0o700)])
    try manager.setAttributes([.posixPermissions: NSNumber(value: 0o700)], ofItemAtPath: directory.path)
  }
}
