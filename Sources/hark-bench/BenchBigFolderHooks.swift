import CGtk
import Foundation
import GObjectKit
import Glibc
import HarkCore

/// For `scripts/bench`'s "playing with a big folder open" case
/// (`bench/big_folder.py`), only with `HARK_BENCH_BIG_FOLDER=1`: once the
/// signed-in server's libraries are in, plays one book and opens one folder
/// on the Library page, the way a listener would with a book playing and a
/// big folder in front of them, then prints, in a single write(2) with a
/// `g_get_monotonic_time()` stamp (µs of CLOCK_MONOTONIC):
///
///     FOLDER_PLAYING <µs> entries=<n>   every page of the folder listed and shown,
///                                       the book playing
///     BENCH_FAILED <why>                the folder, the book or the engine failed
///
/// What it names comes from the environment (defaults: the test server's
/// `--wide-folder` shelf and the sample library's hour-long MP3):
/// `HARK_BENCH_FOLDER_LIBRARY` ("Big Library"), `HARK_BENCH_FOLDER_PATH`
/// ("Wide Shelf"), `HARK_BENCH_BOOK_LIBRARY` ("Audiobooks"),
/// `HARK_BENCH_BOOK_PATH` ("Ingrid Marsh/The Long Night Watch").
/// It drives Hark only through the store actions the window's own rows and
/// Play button dispatch, so what is measured is what a listener gets.
@MainActor
final class BenchBigFolderHooks {
  private struct Targets: Equatable {
    var folder: LibraryPath
    var book: LibraryPath
  }

  /// What the hooks wait for, reduced to what they compare.
  private struct Progress: Equatable {
    var folderShown: Bool
    var entries: Int?
    var folderFailure: String?
    var playing: Bool
    var engineMessage: String?
  }

  /// The one running instance; it lives as long as the process.
  private static var running: BenchBigFolderHooks?

  private let store: Store
  private var targets: Targets?
  private var reported = false
  private var subscriptions: [Subscription] = []

  static func attach(store: Store) {
    guard environment("HARK_BENCH_BIG_FOLDER") == "1", running == nil else { return }
    running = BenchBigFolderHooks(store: store)
  }

  private init(store: Store) {
    self.store = store
    let folderLibrary = Self.environment("HARK_BENCH_FOLDER_LIBRARY") ?? "Big Library"
    let folderPath = Self.environment("HARK_BENCH_FOLDER_PATH") ?? "Wide Shelf"
    let bookLibrary = Self.environment("HARK_BENCH_BOOK_LIBRARY") ?? "Audiobooks"
    let bookPath = Self.environment("HARK_BENCH_BOOK_PATH") ?? "Ingrid Marsh/The Long Night Watch"
    subscriptions.append(
      store.subscribe({ state -> Targets? in
        guard let folder = Self.path(folderPath, inLibraryNamed: folderLibrary, of: state),
          let book = Self.path(bookPath, inLibraryNamed: bookLibrary, of: state)
        else { return nil }
        return Targets(folder: folder, book: book)
      }) { [weak self] in self?.librariesChanged($0) })
  }

  private static func path(_ path: String, inLibraryNamed name: String, of state: AppState) -> LibraryPath? {
    for server in state.connections.servers {
      if case .loaded(let libraries)? = state.connections.libraries[server.serverID],
        let library = libraries.first(where: { $0.name == name })
      {
        return LibraryPath(serverID: server.serverID, libraryID: library.id, path: path)
      }
    }
    return nil
  }

  private func librariesChanged(_ found: Targets?) {
    guard targets == nil, let found else { return }
    targets = found
    // The book first, as its Play button would; the folder after it, so the
    // Library page ends up showing the folder while the book loads and plays.
    store.dispatch(.player(.playRequested(found.book, .position(0), at: Date())))
    store.dispatch(.library(.folderOpened(found.folder)))
    store.dispatch(.ui(.pageSelected(.library)))
    subscriptions.append(
      store.subscribe({ state in Self.progress(of: found.folder, in: state) }) { [weak self] in
        self?.progressChanged($0)
      })
  }

  private static func progress(of folder: LibraryPath, in state: AppState) -> Progress {
    var progress = Progress(
      folderShown: state.library.folder == folder && state.navigation.page == .library,
      playing: state.player.session.isPlaying, engineMessage: state.player.engineMessage)
    switch state.library.folders[folder] {
    case .loaded(let entries)?: progress.entries = entries.count
    case .failed(let message)?: progress.folderFailure = message
    default: break
    }
    return progress
  }

  private func progressChanged(_ progress: Progress) {
    guard !reported else { return }
    if let why = progress.folderFailure ?? progress.engineMessage {
      reported = true
      Self.emit("BENCH_FAILED \(why)")
    } else if progress.folderShown, progress.playing, let entries = progress.entries {
      reported = true
      Self.emit("FOLDER_PLAYING \(g_get_monotonic_time()) entries=\(entries)")
    }
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// One write(2) per line: nothing buffered, nothing lost if killed next.
  private static func emit(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
  }
}
