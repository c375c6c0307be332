import CGLib
import Foundation
import Glibc
import GObjectKit
import HarkCore

/// Keeps the store's settings and GSettings (`dev.hark.Hark`) in step.
///
/// GSettings is the durable copy. At start the store is seeded from it; a
/// `.persistSetting` effect writes a key; an outside change (dconf-editor,
/// another instance) comes back in as `.settings(.changed)`, which the reducer
/// ignores when the value is already in the store, so writes never echo.
///
/// When the schema is not installed (running a build without `scripts/run`)
/// Hark still works with defaults and says once on stderr that preferences
/// will not be kept.
@MainActor
final class SettingsBridge {
  static let schemaID = "dev.hark.Hark"
  let settings: ObjectRef?

  init() {
    let source = g_settings_schema_source_get_default()
    if let schema = source.flatMap({ g_settings_schema_source_lookup($0, Self.schemaID, 1) }) {
      g_settings_schema_unref(schema)
      settings = ObjectRef(taking: g_settings_new(Self.schemaID)!)
    } else {
      settings = nil
      printToStandardError("hark: the settings schema \(Self.schemaID) is not installed; preferences will not be kept.")
    }
  }

  private var gsettings: UnsafeMutablePointer<GSettings>? { settings?.cast(GSettings.self) }

  /// The stored settings, or the defaults without a schema.
  func load() -> Settings {
    var loaded = Settings()
    for key in SettingsKey.allCases { loaded = loaded.setting(key, to: read(key) ?? loaded.value(for: key)) }
    return loaded
  }

  func write(_ key: SettingsKey, _ value: Double) {
    guard let gsettings else { return }
    if key == .defaultSpeed {
      g_settings_set_double(gsettings, key.rawValue, value)
    } else if key.isSwitch {
      g_settings_set_boolean(gsettings, key.rawValue, value >= 0.5 ? 1 : 0)
    } else {
      g_settings_set_int(gsettings, key.rawValue, gint(value))
    }
  }

  /// Reports changes made outside Hark.
  func observe(_ changed: @escaping @MainActor (SettingsKey, Double) -> Void) {
    guard let settings else { return }
    Signals.connect(settings, "changed") { [weak self] (name: UnsafeMutableRawPointer?) in
      guard let self, let name, let key = SettingsKey(rawValue: String(cString: name.assumingMemoryBound(to: CChar.self))),
        let value = self.read(key)
      else { return }
      changed(key, value)
    }
  }

  private func read(_ key: SettingsKey) -> Double? {
    guard let gsettings else { return nil }
    if key.isSwitch { return g_settings_get_boolean(gsettings, key.rawValue) != 0 ? 1 : 0 }
    return key == .defaultSpeed
      ? g_settings_get_double(gsettings, key.rawValue)
      : Double(g_settings_get_int(gsettings, key.rawValue))
  }

  /// The private-file opt-in (`keep-sign-in-in-file`); false without a schema.
  var keepsSignInInFile: Bool {
    get { gsettings.map { g_settings_get_boolean($0, "keep-sign-in-in-file") != 0 } ?? false }
    set {
      guard let gsettings else { return }
      g_settings_set_boolean(gsettings, "keep-sign-in-in-file", newValue ? 1 : 0)
    }
  }

  /// All Books' grid or list (`book-layout`); the grid without a schema.
  var bookLayout: BookLayout {
    get {
      guard let gsettings, let raw = g_settings_get_string(gsettings, "book-layout") else { return .grid }
      defer { g_free(raw) }
      return BookLayout(rawValue: String(cString: raw)) ?? .grid
    }
    set {
      guard let gsettings else { return }
      g_settings_set_string(gsettings, "book-layout", newValue.rawValue)
    }
  }

  /// Where new downloads go (`downloads-folder`); nil for Hark's default.
  var downloadsFolder: URL? {
    get {
      guard let gsettings, let raw = g_settings_get_string(gsettings, "downloads-folder") else { return nil }
      defer { g_free(raw) }
      let path = String(cString: raw)
      return path.hasPrefix("/") ? URL(fileURLWithPath: path, isDirectory: true) : nil
    }
    set {
      guard let gsettings else { return }
      g_settings_set_string(gsettings, "downloads-folder", newValue?.path ?? "")
    }
  }

  // Window geometry is not app state: it belongs to the window alone.
  func windowSize() -> (width: Int32, height: Int32, maximized: Bool) {
    guard let gsettings else { return (960, 720, false) }
    return (
      g_settings_get_int(gsettings, "window-width"), g_settings_get_int(gsettings, "window-height"),
      g_settings_get_boolean(gsettings, "window-maximized") != 0
    )
  }

  func saveWindowSize(width: Int32, height: Int32, maximized: Bool) {
    guard let gsettings else { return }
    g_settings_set_int(gsettings, "window-width", width)
    g_settings_set_int(gsettings, "window-height", height)
    g_settings_set_boolean(gsettings, "window-maximized", maximized ? 1 : 0)
  }
}
