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
      let file = g_file_new_for_path(path)!
      defer { g_object_unref(UnsafeMutableRawPointer(file)) }
      var error: UnsafeMutablePointer<GError>?
      guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
        g_clear_error(&error)
        continue
      }
      Signals.connect(monitor, "changed") {
        [weak self] (file: UnsafeMutableRawPointer?, other: UnsafeMutableRawPointer?, event: UInt32) in
        guard GFileMonitorEvent(event) == G_FILE_MONITOR_EVENT_RENAMED, let self,
          let from = Self.path(file), self.roots.contains(from), let to = Self.path(other)
        else { return }
        self.renamed(from, to)
      }
      monitors[path] = ObjectRef(taking: UnsafeMutableRawPointer(monitor))
    }
  }

  private static func path(_ file: UnsafeMutableRawPointer?) -> String? {
    guard let file, let path = g_file_get_path(OpaquePointer(file)) else { return nil }
    defer { g_free(path) }
    return String(cString: path)
  }
}
