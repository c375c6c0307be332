import Foundation

/// "This Computer": the library folders on this machine, shown beside each
/// server and flowing through the same paths, pages and store. It takes a
/// reserved server id so `LibraryPath` names its books with
/// no new case anywhere; that id is never sent to a server (there is no
/// client for it: the services answer it from the scan).
public enum LocalSource {
  /// Not a server's `server_id` (those are the server's own opaque ids);
  /// a server answering with this one is refused at sign-in.
  public static let serverID = "this-computer"
  public static let name = tr("This Computer")

  /// Whether `serverID` names this computer rather than a server.
  public static func isLocal(_ serverID: String) -> Bool { serverID == Self.serverID }
}

extension AppState {
  /// The server, or "This Computer" while it has library folders: what
  /// browsing, shelves and search treat as a source of books. Connection
  /// matters (sign-in, keys, banners, the server list) keep using
  /// `connections.server`, which never names this computer.
  public func source(_ serverID: String) -> ServerConnection? {
    guard LocalSource.isLocal(serverID) else { return connections.server(serverID) }
    return localLibrary.folders.isEmpty ? nil : LocalSource.connection
  }

  /// This computer (when it has folders) first, then each server in the
  /// order added.
  public var sources: [ServerConnection] {
    (localLibrary.folders.isEmpty ? [] : [LocalSource.connection]) + connections.servers
  }
}

extension LocalSource {
  /// This computer in the shape the browsing code knows sources by; its
  /// address is only there to fill the field (nothing is ever fetched).
  static let connection = ServerConnection(
    serverID: serverID, name: name, baseURL: URL(fileURLWithPath: "/"), username: "")
}

extension LibraryPath {
  /// Whether this names a folder or book on this computer.
  public var isLocal: Bool { LocalSource.isLocal(serverID) }
}

extension AppState {
  /// A book on this computer plays from its own files, like a download.
  /// Nil for a server's book (or a folder no longer listed).
  func localFiles(_ path: LibraryPath, _ book: Book) -> LocalCopy? {
    guard path.isLocal, let folder = localLibrary.folders.first(where: { $0.id == path.libraryID }) else {
      return nil
    }
    let root = URL(fileURLWithPath: folder.path, isDirectory: true)
    return LocalCopy(
      files: Dictionary(
        book.files.map { ($0.relPath, root.appendingPathComponent($0.relPath)) }, uniquingKeysWith: { first, _ in first }))
  }
}

/// Why a book on this computer cannot play now: its folder was missing at
/// the last scan ("“Audiobooks” is not connected").
func missingFolderNotice(_ s: AppState, _ target: LibraryPath) -> String? {
  guard target.isLocal, s.localLibrary.isMissing(target.libraryID),
    let folder = s.localLibrary.folders.first(where: { $0.id == target.libraryID })
  else { return nil }
  return trFormat("The folder “%@” is missing", folder.name)
}
