import Foundation

@testable import HarkCore

/// One server, one library and one two-file book with three chapters,
/// shared by the flow tests (`*FlowTests`).
enum FlowFixtures {
  static let base = URL(string: "https://books.example.com")!
  static let preview = ServerPreview(
    baseURL: base, serverID: "srv-1", name: "Home Books", acceptsPassword: true, acceptsInviteCode: true,
    offersDemo: false)
  static let server = ServerConnection(serverID: "srv-1", name: "Home Books", baseURL: base, username: "listener")
  static let library = LibrarySummary(id: 1, name: "Audiobooks")
  static let root = LibraryPath(serverID: "srv-1", libraryID: 1, path: "")
  static let author = LibraryPath(serverID: "srv-1", libraryID: 1, path: "Quill")
  static let bookPath = LibraryPath(serverID: "srv-1", libraryID: 1, path: "Quill/Orchard")
  static let nextBookPath = LibraryPath(serverID: "srv-1", libraryID: 1, path: "Quill/Pollen")
  static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  /// The library's root folder: one author.
  static let rootEntries = [FsEntry(name: "Quill", path: "Quill", isDir: true)]
  /// The author's folder: two books, in order.
  static let authorEntries = [
    FsEntry(name: "Orchard", path: "Quill/Orchard", isDir: true, isBook: true, title: "A Clockwork Orchard"),
    FsEntry(name: "Pollen", path: "Quill/Pollen", isDir: true, isBook: true, title: "Pollen"),
  ]

  /// Two 10-minute files, three chapters: 0–5, 5–10 (file 1), 0–10 (file 2).
  static let book = Book(
    libraryID: 1, relPath: bookPath.path, isFolder: true, title: "A Clockwork Orchard", author: "Theodore Quill",
    duration: 1200,
    files: [
      BookFile(relPath: "Quill/Orchard/01.mp3", seq: 1, duration: 600),
      BookFile(relPath: "Quill/Orchard/02.mp3", seq: 2, duration: 600),
    ],
    chapters: [
      Chapter(index: 0, title: "The Seed", fileIndex: 0, filePath: "Quill/Orchard/01.mp3", start: 0, end: 300),
      Chapter(index: 1, title: "The Graft", fileIndex: 0, filePath: "Quill/Orchard/01.mp3", start: 300, end: 600),
      Chapter(index: 2, title: "The Harvest", fileIndex: 1, filePath: "Quill/Orchard/02.mp3", start: 0, end: 600),
    ])

  /// Signed in to the server, its libraries loaded.
  static func signedIn() -> AppState {
    var state = AppState()
    state.connections.servers = [server]
    state.connections.libraries[server.serverID] = .loaded([library])
    return state
  }
}
