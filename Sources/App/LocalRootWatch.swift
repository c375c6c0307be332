import CGLib
import Foundation
import GObjectKit

/// Follows a library folder the listener renames where it is (in Files,
/// "Audiobooks" to "Books"): each library folder's parent is watched, and
/// a rename of the folder itself there is reported, old path and new. A
/// folder moved elsewhere (to the trash, another drive) is not followed:
/// it is missing, as an unplugged drive is, until it is back or replaced.
@MainActor
final class LocalRootWatch {
  private var monitors: [String: ObjectRef] = [:]
  private var roots: Set<String> = []
  private let renamed: @MainActor (_ from: String, _ to: String) -> Void

  init(renamed: @escaping @MainActor (_ from: String, _ to: String) -> Void) {
    self.renamed = renamed
  }

  /// Watches the parents of exactly these library folders from now on.
  func watch(_ libraryFolders: [String]) {
    roots = Set(libraryFolders)
    let parents = Set(libraryFolders.map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
    for (path, _) in monitors where !parents.contains(path) { monitors[path] = nil }
    for path in parents where monitors[path] == nil {
      monitors[path] = DirectoryMonitor.watch(path) { [weak self] from, to, event in
        guard event == G_FILE_MONITOR_EVENT_RENAMED, let self, let from, self.roots.contains(from), let to
        else { return }
        self.renamed(from, to)
      }
    }
  }
}
