import CGLib
import Foundation
import HarkCore

/// Where a list of servers is kept: `ServerListFile`, or a test's stand-in
/// for it that notes which thread reads and writes it.
protocol ServerListStorage<Entry>: Sendable {
  associatedtype Entry: Codable & Sendable
  func load() -> [Entry]
  func save(_ servers: [Entry])
}

/// A list of servers on disk under `$XDG_DATA_HOME/hark/`: the signed-in
/// ones (`servers.json`) and those signed out of (`remembered-servers.json`).
/// Addresses, names and usernames only: tokens live in the keyring.
struct ServerListFile<Entry: Codable & Sendable>: ServerListStorage {
  let url: URL

  init(
    name: String = "servers.json",
    directory: URL = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("hark")
  ) {
    url = directory.appendingPathComponent(name)
  }

  func load() -> [Entry] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    do {
      return try JSONDecoder().decode([Entry].self, from: data)
    } catch {
      // A damaged list costs a sign-in, never a crash; keep the file for a look.
      printToStandardError("hark: could not read \(url.path): \(error.localizedDescription)")
      try? FileManager.default.moveItem(at: url, to: url.appendingPathExtension("damaged"))
      return []
    }
  }

  func save(_ servers: [Entry]) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      // Atomic: a crash mid-write leaves the old list, never half a file.
      try encoder.encode(servers).write(to: url, options: .atomic)
    } catch {
      printToStandardError("hark: could not save the server list: \(error.localizedDescription)")
    }
  }
}
