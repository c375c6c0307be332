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

  /// Reports the folders to scan: the stored ones at once, else the
  /// default one when it exists (a listener who keeps no books on this
  /// computer is not shown a missing folder; the first-run page offers to
  /// choose one). Whether it exists is asked on a thread of its own, not
  /// the main loop's: a hung network mount would block the window.
  func load(_ then: @escaping @MainActor ([String]) -> Void) {
    let stored = storedFolders
    guard stored.isEmpty else { return then(stored) }
    let candidates = Self.defaultCandidates()
    Task { @MainActor in
      let found = await DedicatedThreads.run("hark-local-folders") {
        candidates.first { FileManager.default.fileExists(atPath: $0) }
      }
      // A list stored meanwhile (Preferences) was reported by its change.
      guard self.storedFolders.isEmpty else { return }
      then(found.map { [$0] } ?? [])
    }
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
      self.load(changed)
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

  /// Where the default folder may be, in order: the desktop's Music
  /// folder's "Audiobooks", then ~/Audiobooks.
  private static func defaultCandidates() -> [String] {
    let home = String(cString: g_get_home_dir())
    let music = g_get_user_special_dir(G_USER_DIRECTORY_MUSIC).map { String(cString: $0) }
    return [music.map { $0 + "/Audiobooks" }, home + "/Audiobooks"].compactMap { $0 }
  }
}
