import CGLib
import Foundation
import HarkCore

/// The list of servers Hark is signed in to, in
/// `$XDG_DATA_HOME/hark/servers.json`: addresses, names and usernames only.
/// Tokens are never written here; they live in the keyring.
struct ServerListFile {
  let url: URL

  init(directory: URL = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("hark")) {
    url = directory.appendingPathComponent("servers.json")
  }

  func load() -> [ServerConnection] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    do {
      return try JSONDecoder().decode([ServerConnection].self, from: data)
    } catch {
      // A damaged list costs a sign-in, never a crash; keep the file for a look.
      printToStandardError("hark: could not read \(url.path): \(error.localizedDescription)")
      try? FileManager.default.moveItem(at: url, to: url.appendingPathExtension("damaged"))
      return []
    }
  }

  func save(_ servers: [ServerConnection]) {
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
