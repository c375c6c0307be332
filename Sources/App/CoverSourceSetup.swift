import CGLib
import Foundation
import GObjectKit
import HarkCore
import Persistence
import Player
import Views

/// Covers for the window: `$XDG_CACHE_HOME/hark/covers` in front of each
/// server's cover route, at most 4 fetches at once (under every server's
/// rate limit, and paced with the server's other requests by its client).
enum CoverSourceSetup {
  /// The window's covers, and where a cached one lives on disk. Covers
  /// are asked for by the views, not by effects, so `access` reads the
  /// store's word on a server (`ConnectionsState.access`) at each fetch.
  @MainActor
  static func make(
    connections: ConnectionServices, local: LocalLibraryServices,
    access: @escaping @Sendable @MainActor (String) -> ServerAccess?
  ) -> (
    CoverSource, @Sendable (LibraryPath) -> URL?
  ) {
    let directory = URL(fileURLWithPath: String(cString: g_get_user_cache_dir()))
      .appendingPathComponent("hark/covers", isDirectory: true)
    let store = CoverStore(directory: directory) { book in
      if book.isLocal { return try await localCover(book, local) }
      guard let access = await access(book.serverID), let client = await connections.client(access) else {
        throw CoverUnavailable()
      }
      do throws(APIError) {
        return try await client.cover(libraryID: book.libraryID, path: book.path)
      } catch .invalidResponse {
        // Too large, or not an image response: remembered as "no cover"
        // rather than downloaded again on every scroll.
        return nil
      }
    }
    let source = CoverSource(
      cached: { store.cachedCover(for: $0) },
      fetch: { book in
        if case .image(let data) = await store.cover(for: book) { return data }
        return nil
      })
    return (source, { store.cachedFile(for: $0) })
  }

  /// A book on this computer: the image in its folder, else the art in its
  /// first file; nil (remembered as "no cover") when it has neither.
  private static func localCover(_ book: LibraryPath, _ local: LocalLibraryServices) async throws -> Data? {
    let (image, audio) = await MainActor.run { (local.coverFile(book), local.firstFile(book)) }
    // Not scanned yet (the catalog fills in at start): try again later.
    guard image != nil || audio != nil else { throw CoverUnavailable() }
    // A thread of its own, never libdispatch's global pool (whose first use
    // arms a once-a-second monitor for good: see `WorkerPool`).
    return await DedicatedThreads.run("hark-cover-read") {
      image.flatMap { try? Data(contentsOf: $0) } ?? audio.flatMap(EmbeddedCover.read)
    }
  }

  /// Not signed in to the book's server (yet, or waiting for a sign-in
  /// again): try again later.
  private struct CoverUnavailable: Error {}
}
