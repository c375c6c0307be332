import CGLib
import Foundation
import GObjectKit
import Glibc

/// Follows a library folder the listener renames where it is (in Files,
/// "Audiobooks" to "Books") or moves into a folder beside it ("Audiobooks"
/// into "Sorted"): each library folder's parent is watched, and a rename
/// of the folder itself there is reported, old path and new; a folder
/// moved out of its parent is looked for, by its device and inode, among
/// the parent's sub-folders. A folder moved elsewhere (to the trash,
/// another drive) is not followed: it is missing, as an unplugged drive
/// is, until it is back or replaced.
@MainActor
final class LocalRootWatch {
  private var monitors: [String: ObjectRef] = [:]
  private var roots: Set<String> = []
  /// Each library folder's device and inode, as last seen (read off the
  /// main loop: a hung network mount would block it).
  private var identities: [String: FolderIdentity] = [:]
  private let renamed: @MainActor (_ from: String, _ to: String) -> Void

  init(renamed: @escaping @MainActor (_ from: String, _ to: String) -> Void) {
    self.renamed = renamed
  }

  /// Watches the parents of exactly these library folders from now on.
  func watch(_ libraryFolders: [String]) {
    roots = Set(libraryFolders)
    let parents = Set(libraryFolders.map(Self.parent).filter { !$0.isEmpty })
    for (path, _) in monitors where !parents.contains(path) { monitors[path] = nil }
    for path in parents { monitor(path) }
    Task { @MainActor in
      let found = await DedicatedThreads.run("hark-root-watch") {
        Dictionary(uniqueKeysWithValues: libraryFolders.compactMap { path in FolderIdentity(path).map { (path, $0) } })
      }
      for (path, identity) in found where self.roots.contains(path) { self.identities[path] = identity }
    }
  }

  private func monitor(_ parent: String) {
    guard monitors[parent] == nil else { return }
    monitors[parent] = DirectoryMonitor.watch(parent) { [weak self] from, to, event in
      guard let self, let from, self.roots.contains(from) else { return }
      switch event {
      case G_FILE_MONITOR_EVENT_RENAMED:
        if let to { self.follow(from, to) }
      case G_FILE_MONITOR_EVENT_MOVED_OUT, G_FILE_MONITOR_EVENT_DELETED:
        self.lookBeside(from, in: parent)
      default:
        break
      }
    }
  }

  /// `root` left `parent`: if it is now one of `parent`'s sub-folders
  /// (same device and inode), it is followed there.
  private func lookBeside(_ root: String, in parent: String) {
    guard let identity = identities[root] else { return }
    Task { @MainActor in
      let found = await DedicatedThreads.run("hark-root-watch") { identity.find(among: parent) }
      guard let found, self.roots.contains(root) else { return }
      self.follow(root, found)
    }
  }

  private func follow(_ from: String, _ to: String) {
    roots.remove(from)
    roots.insert(to)
    identities[to] = identities.removeValue(forKey: from)
    // Its new parent is watched at once: a second move right after is
    // followed too (the scan's end then watches exactly the list's).
    monitor(Self.parent(to))
    renamed(from, to)
  }

  private nonisolated static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
}

/// A folder's device and inode: the same after a move within its drive.
private struct FolderIdentity: Sendable, Equatable {
  let device: UInt64
  let inode: UInt64

  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The sub-folder of `parent` (one level down) that is this folder.
  func find(among parent: String) -> String? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return nil }
    for name in names.sorted() {
      let folder = (parent as NSString).appendingPathComponent(name)
      var info = stat()
      // lstat: a link to a folder is not the folder moved.
      guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
      for inner in names.sorted() {
        let candidate = (folder as NSString).appendingPathComponent(inner)
        guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
        if UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode { return candidate }
      }
    }
    return nil
  }
}
