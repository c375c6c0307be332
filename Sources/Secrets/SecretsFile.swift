import Foundation
import HarkCore

/// The blocking file work of `PrivateFileSecretStore`: permission checks,
/// reading, and atomic replacement.
struct SecretsFile {
  let path: String

  private var directory: String { (path as NSString).deletingLastPathComponent }
  private var name: String { (path as NSString).lastPathComponent }
  /// Temporary files are `.<name>.XXXXXX` next to the file.
  private var temporaryPrefix: String { ".\(name)." }

  private struct Contents: Codable {
    var version = 1
    var secrets: [StoredSecret]
  }

  /// The entries, or none when there is no file yet.
  func read() throws(SecretStoreError) -> [StoredSecret] {
    guard try checkDirectory(create: false) else { return [] }
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return [] }
      if errno == ELOOP { throw .failed("\(path) is a symbolic link; Hark won't use it") }
      throw failure("Opening \(path)")
    }
    defer { Glibc.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure("Checking \(path)") }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .failed("\(path) is not a regular file") }
    guard info.st_uid == geteuid() else { throw .failed("\(path) belongs to another user") }
    guard info.st_mode & 0o077 == 0 else {
      let mode = String(info.st_mode & 0o777, radix: 8)
      throw .failed("\(path) has mode \(mode); Hark only uses it when it is 0600 (chmod 600)")
    }
    let data = FileHandle(fileDescriptor: fd, closeOnDealloc: false).readDataToEndOfFile()
    do {
      return try JSONDecoder().decode(Contents.self, from: data).secrets
    } catch {
      throw .failed("\(path) is not a valid secrets file")
    }
  }

  /// Replaces the file with `entries` (removes it when there are none).
  func write(_ entries: [StoredSecret]) throws(SecretStoreError) {
    _ = try checkDirectory(create: true)
    removeStaleTemporaries()
    if entries.isEmpty {
      if unlink(path) != 0, errno != ENOENT { throw failure("Removing \(path)") }
      syncDirectory()
      return
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let sorted = entries.sorted { ($0.serverID, $0.kind, $0.keyID ?? -1) < ($1.serverID, $1.kind, $1.keyID ?? -1) }
    guard let data = try? encoder.encode(Contents(secrets: sorted)) else {
      throw .failed("Encoding the secrets file failed")
    }
    var template = Array("\(directory)/\(temporaryPrefix)XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw failure("Creating a temporary file in \(directory)") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var written = fchmod(fd, 0o600) == 0 && writeAll(fd, data) && fsync(fd) == 0
    written = Glibc.close(fd) == 0 && written
    guard written, rename(temporary, path) == 0 else {
      let error = failure("Writing \(path)")
      unlink(temporary)
      throw error
    }
    syncDirectory()
  }

  /// Whether the directory exists; creates it (mode 0700) when `create`.
  private func checkDirectory(create: Bool) throws(SecretStoreError) -> Bool {
    var info = stat()
    if stat(directory, &info) != 0 {
      guard errno == ENOENT else { throw failure("Checking \(directory)") }
      guard create else { return false }
      let parent = (directory as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      if mkdir(directory, 0o700) != 0, errno != EEXIST { throw failure("Creating \(directory)") }
      guard stat(directory, &info) == 0 else { throw failure("Checking \(directory)") }
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .failed("\(directory) is not a directory") }
    guard info.st_uid == geteuid() else { throw .failed("\(directory) belongs to another user") }
    if info.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
      throw failure("Making \(directory) private")
    }
    return true
  }

  private func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }

  /// Makes the rename durable.
  private func syncDirectory() {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    Glibc.close(fd)
  }

  /// Removes temporary files a crashed write left behind. Only ones older
  /// than a minute, so a write in progress elsewhere is never disturbed.
  private func removeStaleTemporaries() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let cutoff = Date().addingTimeInterval(-60)
    for leftover in names where leftover.hasPrefix(temporaryPrefix) {
      let candidate = "\(directory)/\(leftover)"
      var info = stat()
      guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)) < cutoff
      else { continue }
      unlink(candidate)
    }
  }

  private func failure(_ action: String) -> SecretStoreError {
    .failed("\(action): \(String(cString: strerror(errno)))")
  }
}
