import Foundation
import HarkCore
import Persistence
import Player

/// Each library folder's id, from the listening database, before a scan:
/// a folder listed for the first time is either new (its path's hash, as
/// every folder had before ids were kept) or a library the listener
/// renamed or moved, recognised by its files, which keeps its id, so the
/// places, bookmarks and notes of its books follow them.
enum LocalLibraryIdentities {
  struct Found: Sendable {
    /// Every folder's id, by path.
    var ids: [String: Int] = [:]
    /// Listed folders whose library another listed folder now is.
    var renamedFrom: [String] = []
  }

  /// Blocking (the database, and a listing of each newly listed folder,
  /// no file opened): never on the main loop.
  static func identify(_ paths: [String], store: ListeningStore) throws -> Found {
    var kept = try store.localLibraryIDs()
    var found = Found()
    var indexed: [String: Set<LocalFileKey>]?
    for path in paths {
      if let id = kept[path] {
        found.ids[path] = id
        continue
      }
      if indexed == nil { indexed = try store.localIndexedFiles() }
      // Only a folder that is gone can have been renamed: a copy beside
      // its original is a library of its own.
      let gone = (indexed ?? [:]).filter { root, _ in root != path && !FileManager.default.fileExists(atPath: root) }
      if let files = LocalLibraryScanner.listing(of: path),
        let old = LocalLibraryIdentity.renamedFrom(files: files, candidates: gone)
      {
        let id = try store.moveLocalLibrary(from: old, to: path)
        indexed?[old] = nil
        kept[old] = nil
        if paths.contains(old) { found.renamedFrom.append(old) }
        kept[path] = id
        found.ids[path] = id
      } else {
        let id = LocalLibraryID.forFolder(path)
        try store.keepLocalLibraryID(root: path, id: id)
        kept[path] = id
        found.ids[path] = id
      }
    }
    return found
  }
}
