import Foundation

#if canImport(Glibc)
  import Glibc
#endif
import HarkCore

/// What `CoverStore.cover(for:)` found for a book.
public enum CoverResult: Equatable, Sendable {
  /// The image bytes (not yet decoded).
  case image(Data)
  /// The server has no cover for this book (or one too large to keep).
  /// Spell it `CoverResult.none` next to an optional, which has a `.none`.
  case none
  /// No cover could be fetched and none is cached; asking again may work.
  case failed
}

/// Book covers, from a disk cache in front of the server.
///
/// A cached answer (image or "no cover") is fresh for a day, as the server
/// allows. A stale one is refetched, and kept when the refetch fails, so an
/// offline library still shows the covers it has seen. At most
/// `maxConcurrent` fetches run at once and the rest wait in arrival order; a
/// grid asking for the same cover twice shares one fetch. A caller whose task
/// is cancelled (its row scrolled away) stops waiting at once, and a fetch
/// nobody waits for any more is dropped before it starts. One that has
/// started runs to the end, since its answer is cached for the next scroll.
public actor CoverStore {
  /// How long a cached answer is fresh: the server's "cacheable for a day".
  public static let freshFor: TimeInterval = 24 * 3600

  private let files: CoverFiles
  private let maxConcurrent: Int
  private let maxCacheBytes: Int
  private let maxImageBytes: Int
  private let now: @Sendable () -> Date
  private let fetch: @Sendable (LibraryPath) async throws -> Data?

  /// The fetch per key that callers share, waiting or running.
  private var fetches: [LibraryPath: PendingFetch] = [:]
  /// Keys waiting for a slot, oldest first. An entry whose ticket no longer
  /// matches its fetch was dropped (or dropped and asked for again, queued
  /// anew at the back) and is skipped.
  private var queue: [(key: LibraryPath, ticket: Int)] = []
  private var queueHead = 0
  private var running = 0
  private var nextID = 0
  /// The folder's size as last counted plus what was written since; nil
  /// until the first write counts it.
  private var cacheBytes: Int?

  /// - Parameters:
  ///   - directory: the cache folder (the app passes
  ///     `$XDG_CACHE_HOME/hark/covers`), created 0700 on the first write.
  ///   - maxConcurrent: how many fetches may run at once.
  ///   - maxCacheBytes: past this, the least recently written covers go.
  ///   - maxImageBytes: a larger image is treated as no cover, never written.
  ///   - now: the clock for freshness; tests pass a virtual one.
  ///   - fetch: the cover's bytes from the server, nil when it has none (404).
  public init(
    directory: URL, maxConcurrent: Int = 4, maxCacheBytes: Int = 200 << 20,
    maxImageBytes: Int = 10 << 20, now: @escaping @Sendable () -> Date = { Date() },
    fetch: @escaping @Sendable (LibraryPath) async throws -> Data?
  ) {
    precondition(maxConcurrent >= 1, "a cover store needs at least one fetch slot")
    files = CoverFiles(directory: directory, now: now)
    self.maxConcurrent = maxConcurrent
    self.maxCacheBytes = maxCacheBytes
    self.maxImageBytes = maxImageBytes
    self.now = now
    self.fetch = fetch
  }

  /// The cover for `key`: from the cache while fresh, else fetched (sharing
  /// a fetch already under way). A stale cached answer stands in when the
  /// fetch fails or the caller is cancelled; with none, that is `.failed`.
  public func cover(for key: LibraryPath) async -> CoverResult {
    let cached = files.read(key)
    // `abs`: a stamp in the future (the clock was set back) is trusted for
    // at most a day too, not until the clock catches up.
    if let cached, abs(now().timeIntervalSince(cached.modified)) < Self.freshFor {
      return Self.result(cached)
    }
    switch await awaitFetch(key) {
    case .fetched(let image): return image.map(CoverResult.image) ?? .none
    case .failed, .cancelled: return cached.map(Self.result) ?? .failed
    }
  }

  /// The cached image for `key`, fresh or stale, without fetching: to paint a
  /// row at once while scrolling. Nil when nothing or "no cover" is cached.
  /// Reads one small file; safe from any thread.
  public nonisolated func cachedCover(for key: LibraryPath) -> Data? {
    files.read(key)?.image
  }

  /// The cached image's file for `key`, for other programs to show (the
  /// desktop's media controls); nil when nothing or "no cover" is cached.
  public nonisolated func cachedFile(for key: LibraryPath) -> URL? {
    let url = files.url(for: key)
    var info = stat()
    return stat(url.path, &info) == 0 && info.st_size > 0 ? url : nil
  }

  private static func result(_ entry: CoverEntry) -> CoverResult {
    entry.image.map(CoverResult.image) ?? .none
  }

  // MARK: Sharing and limiting fetches

  private enum Outcome: Sendable {
    /// The server answered: the image, or nil for no cover.
    case fetched(Data?)
    case failed
    /// The caller was cancelled before the answer came.
    case cancelled
  }

  /// One key's fetch and the callers waiting for it.
  private final class PendingFetch {
    let ticket: Int
    var started = false
    var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
    init(ticket: Int) { self.ticket = ticket }
  }

  private func awaitFetch(_ key: LibraryPath) async -> Outcome {
    let waiter = makeID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // The handler below reaches the actor only after this body has run
        // or after the task was marked cancelled, so checking here leaves no
        // gap in which a cancellation could be missed.
        if Task.isCancelled {
          continuation.resume(returning: .cancelled)
        } else {
          join(key, waiter: waiter, continuation)
        }
      }
    } onCancel: {
      Task { await self.leave(key, waiter: waiter) }
    }
  }

  private func join(
    _ key: LibraryPath, waiter: Int, _ continuation: CheckedContinuation<Outcome, Never>
  ) {
    if let pending = fetches[key] {
      pending.waiters[waiter] = continuation
      return
    }
    let pending = PendingFetch(ticket: makeID())
    pending.waiters[waiter] = continuation
    fetches[key] = pending
    queue.append((key, pending.ticket))
    startWaitingFetches()
  }

  private func leave(_ key: LibraryPath, waiter: Int) {
    guard let pending = fetches[key], let continuation = pending.waiters.removeValue(forKey: waiter)
    else { return }
    continuation.resume(returning: .cancelled)
    // Its queue entry stays behind with a stale ticket and is skipped.
    if pending.waiters.isEmpty && !pending.started { fetches[key] = nil }
  }

  private func startWaitingFetches() {
    while running < maxConcurrent, queueHead < queue.count {
      let (key, ticket) = queue[queueHead]
      queueHead += 1
      guard let pending = fetches[key], pending.ticket == ticket, !pending.started else { continue }
      pending.started = true
      running += 1
      let fetch = self.fetch
      Task {
        let result: Result<Data?, any Error>
        do { result = .success(try await fetch(key)) } catch { result = .failure(error) }
        self.finish(key, result)
      }
    }
    // Drop the consumed part now and then, so the queue stays small.
    if queueHead > 64 && queueHead * 2 > queue.count {
      queue.removeFirst(queueHead)
      queueHead = 0
    }
  }

  private func finish(_ key: LibraryPath, _ result: Result<Data?, any Error>) {
    running -= 1
    let outcome: Outcome
    switch result {
    case .success(let body):
      let image = body.flatMap { !$0.isEmpty && $0.count <= maxImageBytes ? $0 : nil }
      save(image, for: key)
      outcome = .fetched(image)
    case .failure:
      outcome = .failed
    }
    for continuation in fetches.removeValue(forKey: key)?.waiters.values.map({ $0 }) ?? [] {
      continuation.resume(returning: outcome)
    }
    startWaitingFetches()
  }

  /// Callers waiting for a fetch, for tests.
  var waitingCallers: Int { fetches.values.reduce(0) { $0 + $1.waiters.count } }
  /// Fetches waiting or running, for tests.
  var pendingFetches: Int { fetches.count }

  private func makeID() -> Int {
    nextID += 1
    return nextID
  }

  // MARK: Writing and the size cap

  /// Writes the answer and keeps the folder under its cap. A failed write
  /// (disk full, read-only cache) only means the next ask fetches again.
  private func save(_ image: Data?, for key: LibraryPath) {
    guard let grown = try? files.write(image, for: key) else { return }
    // Counting the folder means listing it, so it is done once; after that
    // each write adds what it wrote. Eviction goes to 90% so the next few
    // writes do not list the folder again.
    let total = cacheBytes.map { $0 + grown } ?? files.totalSize()
    cacheBytes = total > maxCacheBytes ? files.evict(downTo: maxCacheBytes / 10 * 9) : total
  }
}
