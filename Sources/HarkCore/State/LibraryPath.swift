import Foundation

/// A folder or a book inside one library of one server (or of "This
/// Computer"): how the Library and Book pages name what they show, and the
/// key of every piece of per-book listening state (the progress mirror, the
/// offline queue, downloads, local bookmarks). One type for both, so a book
/// is never converted between two names for the same three parts.
///
/// A book's `path` is its book path (a folder or a single file), never one
/// of its audio files. The parts are kept apart so nothing ever has to split
/// the joined string: a server id or a path may itself contain ":".
public struct LibraryPath: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The server's own `server_id`, as connections are keyed.
  public var serverID: String
  public var libraryID: Int
  /// "" is the library's root.
  public var path: String

  public init(serverID: String, libraryID: Int, path: String) {
    self.serverID = serverID
    self.libraryID = libraryID
    self.path = path
  }

  /// The same library at another path.
  public func at(_ path: String) -> LibraryPath {
    LibraryPath(serverID: serverID, libraryID: libraryID, path: path)
  }

  /// `"<serverID>:<libraryID>:<path>"`, the reference client's content key
  /// (`("c1", 2, "A/Book")` → `"c1:2:A/Book"`).
  public var rawValue: String { "\(serverID):\(libraryID):\(path)" }

  public var description: String { rawValue }
}
