import CGLib
import Foundation
import GObjectKit

/// Watches the library folders for books added, changed, moved or removed
/// (a GFileMonitor per folder that holds books, and each folder's root):
/// a change asks for a rescan 3 s after the last one, since copying a book
/// in is many events, and the scan index makes that rescan read only the
/// files that changed.
@MainActor
final class LocalFolderWatch {
  /// inotify watches are a per-user budget shared with every other app: a
  /// huge library is watched at its top folders only (Scan Again, or the
  /// next start, finds changes deeper down).
  static let mostFolders = 2048

  private var monitors: [String: ObjectRef] = [:]
  private var pending: Timeout?
  private let changed: @MainActor () -> Void
  /// A drive plugged in while a folder is missing: scanned at once.
  private lazy var drives = LocalDriveWatch { [weak self] in self?.changed() }

  init(changed: @escaping @MainActor () -> Void) {
    self.changed = changed
  }

  /// Watches exactly these folders from now on (shallowest first).
  func watch(_ folders: [String]) {
    let wanted = Set(folders.sorted { $0.count < $1.count }.prefix(Self.mostFolders))
    for (path, _) in monitors where !wanted.contains(path) { monitors[path] = nil }
    for path in wanted where monitors[path] == nil {
      monitors[path] = DirectoryMonitor.watch(path) { [weak self] _, _, event in self?.noticed(event) }
    }
  }

  /// Watches for drives plugged in while `someFolderMissing`.
  func watchDrives(_ someFolderMissing: Bool) {
    drives.watch(someFolderMissing)
  }

  private func noticed(_ event: GFileMonitorEvent) {
    // Mid-write (a CHANGES_DONE follows) and permission or time changes
    // say nothing about which books there are.
    guard event != G_FILE_MONITOR_EVENT_CHANGED, event != G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED else { return }
    pending?.cancel()
    pending = Timeout(milliseconds: 3000, repeating: false) { [weak self] in
      self?.pending = nil
      self?.changed()
    }
  }
}
