import CGLib
import Foundation
import GObjectKit
import HarkCore
import Networking
import Persistence

/// Runs the downloads effects: moves a book's files to disk through the
/// one HTTP stack (`FileDownloader`, the token in a header), writes the
/// registry, deletes files, and reports back as `.downloads` actions.
///
/// One task per running book; a stop cancels it and the bytes on disk stay
/// for the resume. A retryable failure is tried 3 times with a growing
/// wait before the reducer hears of it.
@MainActor
final class DownloadServices {
  private let connections: ConnectionServices
  private let downloader = FileDownloader()
  private var running: [LibraryPath: Task<Void, Never>] = [:]
  /// The validator each running file's bytes came with, newest first: a
  /// retry inside this run resumes the version it was writing.
  private var validators: [LibraryPath: [Int: String?]] = [:]
  private var registry: ListeningStore? { connections.progressSyncer?.store }
  /// The waits before the second and third attempts.
  private let backOff: [Duration]

  init(connections: ConnectionServices, backOff: [Duration] = [.seconds(2), .seconds(6)]) {
    self.connections = connections
    self.backOff = backOff
  }

  /// Where new downloads go: `$XDG_DATA_HOME/hark/downloads`.
  static var defaultRoot: URL {
    URL(fileURLWithPath: String(cString: g_get_user_data_dir()))
      .appendingPathComponent("hark/downloads", isDirectory: true)
  }

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    switch effect {
    case .runDownload(let entry, let access):
      running[entry.key]?.cancel()
      running[entry.key] = Task { [weak self] in
        await self?.download(entry, from: access, dispatch: dispatch)
      }
    case .stopDownload(let key):
      running.removeValue(forKey: key)?.cancel()
    case .saveDownload(let entry):
      do { try registry?.saveDownload(entry) } catch {
        printToStandardError("hark: the downloads list could not be saved: \(error)")
      }
    case .measureDiskSpace(let root):
      measureFreeSpace(of: root, dispatch)
    case .loadDownloadRegistry(let root):
      loadRegistry(root: root, dispatch: dispatch)
    case .deleteDownload(let entry):
      running.removeValue(forKey: entry.key)?.cancel()
      // The folder is Hark's own (named by `downloadBookFolderName`), so it
      // goes whole; then the entry, so a crash in between leaves an entry
      // whose files are missing (shown as such), never files nobody lists.
      try? FileManager.default.removeItem(at: entry.folder)
      do { try registry?.deleteDownload(entry.key) } catch {
        printToStandardError("hark: the downloads list could not be saved: \(error)")
      }
    default:
      assertionFailure()  // `AppServices` hands over only this owner's effects
    }
  }

  /// Reads the registry and checks every downloaded book's files are still
  /// on disk at the size they were downloaded at.
  /// - Parameter root: where new downloads go, nil for `defaultRoot`.
  private func loadRegistry(root: URL?, dispatch: @escaping @MainActor (Action) -> Void) {
    let entries = (try? registry?.downloads()) ?? []
    let missing = Set(entries.filter { $0.status == .downloaded && !Self.filesPresent($0) }.map(\.key))
    dispatch(.downloads(.registryLoaded(entries, missingFiles: missing, root: root ?? Self.defaultRoot)))
  }

  /// The free space of the disk downloads go to (the nearest folder of
  /// the downloads root that exists: the root itself may not yet).
  private func measureFreeSpace(of root: URL, _ dispatch: @MainActor (Action) -> Void) {
    var folder = root
    while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder.path),
      let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value
    else { return }
    dispatch(.downloads(.diskSpaceMeasured(free: free)))
  }

  private static func filesPresent(_ entry: DownloadEntry) -> Bool {
    entry.files.indices.allSatisfy { index in
      let attributes = try? FileManager.default.attributesOfItem(atPath: entry.location(of: index).path)
      guard let size = (attributes?[.size] as? NSNumber)?.int64Value else { return false }
      return entry.files[index].size <= 0 || size == entry.files[index].size
    }
  }

  /// Runs until every file is whole, a file fails, or the store stops it
  /// (`stopDownload`: its server signed out of, its session lost, another
  /// server at the address — the store's to notice, not this loop's).
  private func download(
    _ entry: DownloadEntry, from access: ServerAccess, dispatch: @escaping @MainActor (Action) -> Void
  ) async {
    for index in entry.files.indices where !entry.files[index].complete {
      do throws(DownloadFailure) {
        let saved = try await fetch(entry, file: index, from: access, dispatch: dispatch)
        connections.record(nil, serverID: entry.key.serverID)
        dispatch(.downloads(.fileSaved(entry.key, file: index, validator: saved.validator)))
      } catch {
        // A stop (pause, cancel, delete) was the reducer's own doing.
        guard !Task.isCancelled else { return }
        running[entry.key] = nil
        // No answer is news of the server, as for any call: it is marked
        // away (and probed), so the download waits for it, not fails.
        if case .network(let reason) = error { connections.record(.unreachable(reason), serverID: entry.key.serverID) }
        dispatch(.downloads(.failed(entry.key, error)))
        return
      }
    }
    let cover = await saveCover(entry, from: access)
    guard !Task.isCancelled else { return }
    running[entry.key] = nil
    dispatch(.downloads(.finished(entry.key, cover: cover, at: Date())))
  }

  /// One file, with up to three attempts for the failures that may mend.
  private func fetch(
    _ entry: DownloadEntry, file index: Int, from access: ServerAccess,
    dispatch: @escaping @MainActor (Action) -> Void
  ) async throws(DownloadFailure) -> DownloadedFile {
    let key = entry.key
    var attempt = 0
    validators[key, default: [:]][index] = entry.files[index].validator
    while true {
      // No session: the store has heard (`sessionMissing`) and stopped
      // this download; the 401 answers only a store that had not.
      guard let client = await connections.client(access) else { throw .server(status: 401) }
      let request = client.streamRequest(libraryID: key.libraryID, path: entry.files[index].path, download: true)
      do throws(DownloadFailure) {
        return try await downloader.download(
          request, to: entry.location(of: index),
          expectedSize: entry.files[index].size > 0 ? entry.files[index].size : nil,
          validator: validators[key]?[index] ?? nil,
          onProgress: { bytes in
            Task { @MainActor in dispatch(.downloads(.progressed(key, file: index, bytesOnDisk: bytes, at: Date()))) }
          },
          onValidator: { validator in
            Task { @MainActor [weak self] in
              self?.validators[key, default: [:]][index] = validator
              dispatch(.downloads(.fileStarted(key, file: index, validator: validator)))
            }
          })
      } catch {
        guard error.isRetryable, attempt < backOff.count else { throw error }
        // A GLib sleep: `Task.sleep` would wake libdispatch's pool monitor for good.
        do { try await MainLoopSleep.sleep(for: backOff[attempt]) } catch { throw .cancelled }
        attempt += 1
      }
    }
  }

  /// The cover beside the files, when the server has one; a book without
  /// one (or a cover that fails) is still downloaded.
  private func saveCover(_ entry: DownloadEntry, from access: ServerAccess) async -> String? {
    guard let client = await connections.client(access),
      let data = try? await client.cover(libraryID: entry.key.libraryID, path: entry.key.path)
    else { return nil }
    let name = "cover"
    do {
      try data.write(to: entry.folder.appendingPathComponent(name), options: .atomic)
      return name
    } catch {
      return nil
    }
  }
}
