import Foundation
import GObjectKit
import HarkCore
import Persistence
import Player
import Synchronization

/// Scans the library folders on this computer and answers, from what the
/// scans found, what the library services ask a server for ("This
/// Computer" has no client: nothing about it is ever sent anywhere).
///
/// Scans run off the main loop (the scanner's own threads, one per core);
/// the scan index in the listening database hands each scan what the last
/// one read, so an unchanged folder opens no audio file. A folder that is
/// missing keeps its last books (from the index) and nothing is deleted.
@MainActor
final class LocalLibraryServices {
  /// The books found, per folder: what browsing and search answer from.
  private(set) var catalog = LocalCatalog()
  /// Each folder's path by library id, as last scanned.
  private var roots: [Int: String] = [:]
  private let store: () -> ListeningStore?
  /// A newer scan supersedes an older one (its reports are dropped).
  private var generation = 0
  /// Called after every complete scan (the folder watch follows the books).
  var afterScan: (@MainActor () -> Void)?
  /// Whether a library folder was missing at the last scan (its drive
  /// unplugged, or renamed away): then a drive plugged in is worth a look.
  private(set) var someFolderMissing = false
  /// The folder whose first scan is running: its batches of books found
  /// are shown until the scan's end replaces them (a late batch is not).
  private var scanningFirst: Int?
  /// False until the first scan has put each folder's last books in the
  /// catalog (or no scan was ever asked for: there is nothing to wait for).
  var catalogReady: Bool { generation == 0 || snapshotsLoaded }
  private var snapshotsLoaded = false
  private var waitingForCatalog: [@MainActor () -> Void] = []

  func waitForCatalog(_ then: @escaping @MainActor () -> Void) {
    waitingForCatalog.append(then)
  }

  init(store: @escaping () -> ListeningStore?) {
    self.store = store
  }

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    if case .copyIntoLibrary(let paths, let folder) = effect {
      Task { dispatch(.localLibrary(.copyFinished(await LocalLibraryCopy.copy(paths, into: folder)))) }
      return
    }
    guard case .scanLocalLibrary(let folders) = effect else { return }
    generation += 1
    let current = generation
    Task { await scan(folders, generation: current, dispatch) }
  }

  /// Each library folder's path, as last scanned.
  var libraryRoots: [String] { Array(roots.values) }

  /// The image file of a local book's cover, when its folder has one.
  func coverFile(_ book: LibraryPath) -> URL? {
    guard let root = roots[book.libraryID], let cover = catalog.covers[book.libraryID]?[book.path] else { return nil }
    return URL(fileURLWithPath: root).appendingPathComponent(cover)
  }

  /// The audio file a cover may be embedded in: the book's first.
  func firstFile(_ book: LibraryPath) -> URL? {
    guard let root = roots[book.libraryID],
      let file = catalog.book(libraryID: book.libraryID, path: book.path)?.files.first
    else { return nil }
    return URL(fileURLWithPath: root).appendingPathComponent(file.relPath)
  }

  private func scan(_ folders: [LocalFolder], generation: Int, _ dispatch: @escaping @MainActor (Action) -> Void)
    async
  {
    let store = store()
    // Each folder's id as the database keeps it: a renamed library found
    // again takes its old id, and the folders are scanned under it.
    if let store {
      let paths = folders.map(\.path)
      let found = await Self.offMain { try? LocalLibraryIdentities.identify(paths, store: store) }
      guard generation == self.generation else { return }
      if let found, !found.renamedFrom.isEmpty || folders.contains(where: { found.ids[$0.path] ?? $0.id != $0.id }) {
        dispatch(.localLibrary(.foldersIdentified(found.ids, renamedFrom: found.renamedFrom)))
        return
      }
    }
    // The last books first, so the library shows at once (and a missing
    // folder's books stay) while the scan looks for changes.
    for folder in folders where roots[folder.id] != folder.path {
      let snapshot = await Self.offMain { try? store?.localSnapshot(root: folder.path) }
      guard generation == self.generation else { return }
      roots[folder.id] = folder.path
      catalog.replace(libraryID: folder.id, books: snapshot?.books ?? [], covers: snapshot?.covers ?? [:])
    }
    catalog.keep(only: Set(folders.map(\.id)))
    roots = roots.filter { id, _ in folders.contains { $0.id == id } }
    snapshotsLoaded = true
    let waiting = waitingForCatalog
    waitingForCatalog = []
    waiting.forEach { $0() }
    var missing = false
    let progress = ScanProgressRelay { done, total in
      dispatch(.localLibrary(.scanProgressed(done: done, total: total)))
    }
    for folder in folders {
      // What a copy cut short (Hark killed mid-copy) left in the folder
      // goes first; the scan skips hidden names anyway.
      let (known, cleanup) = await Self.offMain {
        ((try? store?.localTracks(root: folder.path)) ?? [:], CutShortCopies.removeLeftovers(in: folder.path))
      }
      for failure in cleanup.failed { printToStandardError("hark: a copy cut short could not be removed: \(failure)") }
      guard generation == self.generation else { return }
      let scanner = LocalLibraryScanner(root: URL(fileURLWithPath: folder.path), libraryID: folder.id)
      // A folder's first scan shows its books as they are found; a rescan
      // keeps showing the last ones until it ends.
      let firstScan = catalog.books[folder.id]?.isEmpty ?? true
      let show: @MainActor @Sendable (LocalScanFound) -> Void = { [weak self] found in
        guard let self, generation == self.generation, self.scanningFirst == folder.id else { return }
        self.catalog.replace(libraryID: folder.id, books: found.books, covers: found.covers)
        dispatch(.localLibrary(.booksFound(libraryID: folder.id, path: folder.path, books: found.books.count)))
      }
      scanningFirst = firstScan ? folder.id : nil
      var relay: (@Sendable (LocalScanFound) -> Void)?
      if firstScan { relay = { found in Task { @MainActor in show(found) } } }
      let report: @Sendable (LocalScanProgress) -> Void = { progress.report($0.done, $0.total) }
      let result = await scanner.scan(known: known, progress: report, found: relay)
      scanningFirst = nil
      guard generation == self.generation else { return }
      // A drive unplugged mid-scan leaves a partial walk: the folder counts
      // as missing, and the index and books of the last whole scan stay.
      // (Asked off the main loop: a hung network mount would block it.)
      let available = await Self.offMain { result.folderAvailable && FileManager.default.fileExists(atPath: folder.path) }
      guard generation == self.generation else { return }
      if available {
        catalog.replace(libraryID: folder.id, books: result.books, covers: result.covers)
        let snapshot = LocalFolderSnapshot(books: result.books, covers: result.covers)
        await Self.offMain {
          do {
            try store?.saveLocalScan(root: folder.path, tracks: result.tracks, snapshot: snapshot, at: Date())
          } catch {
            printToStandardError("hark: the scan of “\(folder.path)” could not be kept: \(error.localizedDescription)")
          }
        }
      }
      missing = missing || !available
      let books = catalog.books[folder.id]?.count ?? 0
      dispatch(
        .localLibrary(
          .folderScanned(
            LocalFolderScan(
              libraryID: folder.id, path: folder.path, books: books,
              skipped: available ? result.skipped : [LocalScanSkip(relPath: "", reason: LocalScanSkip.missingLibrary)],
              available: available))))
    }
    someFolderMissing = missing
    dispatch(.localLibrary(.scanFinished))
    afterScan?()
  }

  /// Blocking database work on a thread of its own, not the main loop's.
  /// Never libdispatch's global pool: its first use arms a once-a-second
  /// monitor that wakes Hark for the rest of its life (see `WorkerPool`).
  private nonisolated static func offMain<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await DedicatedThreads.run("hark-local-db", work)
  }
}

/// Passes the scanner's progress (from its threads, after every file) to
/// the main loop at most every 100 ms, and always the last one.
private final class ScanProgressRelay: Sendable {
  private let last = Mutex<ContinuousClock.Instant?>(nil)
  private let send: @MainActor @Sendable (Int, Int) -> Void

  init(send: @escaping @MainActor @Sendable (Int, Int) -> Void) {
    self.send = send
  }

  func report(_ done: Int, _ total: Int) {
    let now = ContinuousClock.now
    let due = last.withLock { last in
      guard done == total || last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
      last = now
      return true
    }
    guard due else { return }
    let send = send
    Task { @MainActor in send(done, total) }
  }
}

extension LocalLibraryServices {
  /// Every folder that holds a book's files, with the folders above it up
  /// to its library folder, and each library folder itself: what a watch
  /// needs to see books come and go.
  func foldersToWatch() -> [String] {
    var folders = Set(roots.values)
    for (id, books) in catalog.books {
      guard let root = roots[id] else { continue }
      for book in books {
        for file in book.files {
          var parent = (file.relPath as NSString).deletingLastPathComponent
          while !parent.isEmpty, folders.insert(root + "/" + parent).inserted {
            parent = (parent as NSString).deletingLastPathComponent
          }
        }
      }
    }
    return Array(folders)
  }
}
