import Glibc
import HarkCore

/// Lists a library folder with POSIX calls: every file's path, size and
/// modification time, no file opened. Dotfiles are hidden (as on an
/// AudioSilo server). Links are followed, each folder listed once; a link
/// back to a folder that holds it, a folder Hark may not read, or a name
/// that is not UTF-8 is skipped and reported, never fatal.
struct LibraryWalk {
  private(set) var files: [LocalFileKey] = []
  private(set) var skipped: [LocalScanSkip] = []
  /// False when the library folder itself is missing or unreadable.
  private(set) var rootReadable = true

  private let root: String
  private var listed: Set<FolderIdentity> = []

  private struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  init(root: String) {
    self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    var status = stat()
    guard stat(self.root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      rootReadable = false
      skipped.append(LocalScanSkip(relPath: "", reason: LocalScanSkip.missingLibrary))
      return
    }
    let identity = FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    listed.insert(identity)
    if !list("", ancestors: [identity]) {
      rootReadable = false
      skipped.append(LocalScanSkip(relPath: "", reason: LocalScanSkip.unreadableFolder))
    }
  }

  /// Lists `relPath` and the folders below it; false when it cannot be opened.
  private mutating func list(_ relPath: String, ancestors: [FolderIdentity]) -> Bool {
    let path = relPath.isEmpty ? root : root + "/" + relPath
    guard let directory = opendir(path) else { return errno == ENOENT }  // vanished: nothing to list
    var folders: [(String, FolderIdentity)] = []
    while let entry = readdir(directory) {
      let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      guard !nameBytes.isEmpty, nameBytes[0] != UInt8(ascii: ".") else { continue }
      guard let name = String(validating: nameBytes, as: UTF8.self) else {
        let shown = String(decoding: nameBytes, as: UTF8.self)
        skipped.append(LocalScanSkip(relPath: joined(relPath, shown), reason: LocalScanSkip.undecodableName))
        continue
      }
      let child = joined(relPath, name)
      var status = stat()
      guard stat(root + "/" + child, &status) == 0 else {
        // Gone since readdir, or a link to nothing: neither is a book.
        if errno != ENOENT || isLink(root + "/" + child) {
          skipped.append(LocalScanSkip(relPath: child, reason: LocalScanSkip.unreadableFile))
        }
        continue
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        folders.append((child, FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))))
      case S_IFREG:
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        files.append(LocalFileKey(relPath: child, size: Int64(status.st_size), modified: modified))
      default: continue  // sockets, devices, pipes
      }
    }
    closedir(directory)
    for (child, identity) in folders {
      if ancestors.contains(identity) {
        skipped.append(LocalScanSkip(relPath: child, reason: LocalScanSkip.folderLoop))
        continue
      }
      // A second link to a folder already listed adds nothing.
      guard listed.insert(identity).inserted else { continue }
      if !list(child, ancestors: ancestors + [identity]) {
        skipped.append(LocalScanSkip(relPath: child, reason: LocalScanSkip.unreadableFolder))
      }
    }
    return true
  }

  private func joined(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

  private func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }
}
