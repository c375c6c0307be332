import CGLib
import Foundation
import GObjectKit

/// The library folders on this computer (GSettings `library-folders`). An
/// empty list means the default folder, so a listener who never opened
/// Preferences still has one: `~/Music/Audiobooks` (the desktop's Music
/// folder), else `~/Audiobooks`; whichever exists wins.
@MainActor
struct LibraryFoldersSetting {
  let settings: ObjectRef?

  private var gsettings: UnsafeMutablePointer<GSettings>? { settings?.cast(GSettings.self) }

  /// The folders to scan: the stored ones, or the default one when it
  /// exists (a listener who keeps no books on this computer is not shown
  /// a missing folder; the first-run page offers to choose one).
  var folders: [String] {
    let stored = storedFolders
    guard stored.isEmpty else { return stored }
    let fallback = Self.defaultFolder()
    return FileManager.default.fileExists(atPath: fallback) ? [fallback] : []
  }

  /// Writes the list as chosen in Preferences (empty: back to the default).
  func save(_ folders: [String]) {
    guard let gsettings else { return }
    var pointers = folders.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    pointers.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        _ = g_settings_set_strv(gsettings, "library-folders", $0)
      }
    }
  }

  /// Reports the folders again when the key changes (Preferences in
  /// another instance, dconf-editor); Hark's own writes come back too and
  /// the store ignores an unchanged list.
  func observe(_ changed: @escaping @MainActor ([String]) -> Void) {
    guard let settings else { return }
    Signals.connect(settings, "changed::library-folders") { (_: UnsafeMutableRawPointer?) in
      changed(self.folders)
    }
  }

  private var storedFolders: [String] {
    guard let gsettings, let strv = g_settings_get_strv(gsettings, "library-folders") else { return [] }
    defer { g_strfreev(strv) }
    var folders: [String] = []
    var index = 0
    while let item = strv[index] {
      let path = String(cString: item)
      if path.hasPrefix("/") { folders.append(path) }
      index += 1
    }
    return folders
  }

  static func defaultFolder() -> String {
    let home = String(cString: g_get_home_dir())
    let music = g_get_user_special_dir(G_USER_DIRECTORY_MUSIC).map { String(cString: $0) }
    let candidates = [music.map { $0 + "/Audiobooks" }, home + "/Audiobooks"].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
  }
}
