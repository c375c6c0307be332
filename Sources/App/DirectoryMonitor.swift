import CGLib
import GObjectKit

/// A GFileMonitor on one folder, moves reported as renames (WATCH_MOVES),
/// for the library's folder and root watches.
@MainActor
enum DirectoryMonitor {
  /// The monitor, held by the returned reference; nil when the folder
  /// cannot be watched (gone, unreadable, out of inotify watches).
  static func watch(
    _ path: String,
    changed: @escaping @MainActor (_ file: String?, _ other: String?, _ event: GFileMonitorEvent) -> Void
  ) -> ObjectRef? {
    let file = g_file_new_for_path(path)!
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
      g_clear_error(&error)
      return nil
    }
    Signals.connect(monitor, "changed") {
      (file: UnsafeMutableRawPointer?, other: UnsafeMutableRawPointer?, event: UInt32) in
      changed(Self.path(file), Self.path(other), GFileMonitorEvent(event))
    }
    return ObjectRef(taking: UnsafeMutableRawPointer(monitor))
  }

  private static func path(_ file: UnsafeMutableRawPointer?) -> String? {
    guard let file, let path = g_file_get_path(OpaquePointer(file)) else { return nil }
    defer { g_free(path) }
    return String(cString: path)
  }
}
