// Hark's strings in the listener's language: gettext's catalogs, found where
// Hark's other files are installed, behind the core's `Translation` seam.
import CGLib
import Foundation
import GObjectKit
import HarkCore

public enum Translations {
  static let domain = "hark"

  /// Binds Hark's text domain and installs gettext as the core's translator.
  /// Runs first in `main`, before any string is looked up.
  public static func start() {
    Gettext.start(domain: domain, localeDirectory: localeDirectory())
    let domain = Self.domain
    Translation.install(
      Translator(
        text: { Gettext.text($0, domain: domain) },
        plural: { Gettext.plural($0, $1, count: $2, domain: domain) },
        inContext: { Gettext.inContext($0, $1, domain: domain) }))
  }

  /// The `share/locale` beside the binary (`PREFIX/bin/hark` installed by
  /// `scripts/install`, `/app/bin/hark` in the Flatpak), else the first data
  /// folder that holds Hark's catalog in one of the listener's languages:
  /// the build tree's `.build/prefix/share` reaches Hark through
  /// XDG_DATA_DIRS (`scripts/run`, the tests), as its schema does.
  static func localeDirectory() -> String {
    let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share").path
    let folders = [beside, String(cString: g_get_user_data_dir())] + strings(g_get_system_data_dirs())
    let languages = strings(g_get_language_names()).filter { $0 != "C" }
    let found = folders.first { folder in
      languages.contains { FileManager.default.fileExists(atPath: "\(folder)/locale/\($0)/LC_MESSAGES/\(domain).mo") }
    }
    return (found ?? beside) + "/locale"
  }

  private static func strings(_ list: UnsafePointer<UnsafePointer<gchar>?>?) -> [String] {
    guard let list else { return [] }
    var result: [String] = []
    var index = 0
    while let item = list[index] {
      result.append(String(cString: item))
      index += 1
    }
    return result
  }
}
