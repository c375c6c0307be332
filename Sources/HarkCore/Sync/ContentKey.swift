import Foundation

/// Which book on which server: the key of every piece of per-server listening
/// state (the progress mirror, the offline queue, downloads).
///
/// The parts are kept apart so nothing ever has to split the joined string:
/// a server id or a path may itself contain ":".
public struct ContentKey: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The server's own `server_id`, as connections are keyed.
  public var serverID: String
  public var libraryID: Int
  /// The BOOK path inside the library (never a file inside it).
  public var path: String

  public init(serverID: String, libraryID: Int, path: String) {
    self.serverID = serverID
    self.libraryID = libraryID
    self.path = path
  }

  /// `"<serverID>:<libraryID>:<path>"`, the reference client's content key
  /// (`("c1", 2, "A/Book")` → `"c1:2:A/Book"`).
  public var rawValue: String { "\(serverID):\(libraryID):\(path)" }

  public var description: String { rawValue }
}
