import Foundation
import HarkCore

/// The library as last seen (issue 15): each answer of a server's browsing
/// calls is kept in the listening database, and a call that gets no answer
/// at all (the network is down, the server is away) is answered from what
/// was kept, so Hark started with no network still shows its library. A
/// server's own answer (a 401, a 404, a 500) is never covered up: it says
/// something the cache cannot know.
public final class LibraryCache: Sendable {
  private let store: ListeningStore
  private let limits: LibraryCacheLimits
  private let now: @Sendable () -> Date
  /// Encoding a 10,000-entry folder and a synchronous commit take longer
  /// than a frame: writes happen here, in the order the answers came.
  private let writes = DispatchQueue(label: "hark.library-cache", qos: .utility)

  /// - Parameters:
  ///   - limits: the cache's size cap (see `LibraryCacheLimits`).
  ///   - now: the clock stamped on each answer kept; tests pass their own.
  public init(
    store: ListeningStore, limits: LibraryCacheLimits = LibraryCacheLimits(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.limits = limits
    self.now = now
  }

  /// Keeps `value` as the last answer for `key`, off the caller's thread.
  public func remember<Value: Encodable & Sendable>(_ value: Value, for key: LibraryCacheKey) {
    let fetchedAt = now()
    writes.async { [store, limits] in
      // A failed write (disk full) only means this answer is not kept.
      guard let data = try? JSONEncoder().encode(value) else { return }
      _ = try? store.saveCachedAnswer(data, for: key, fetchedAt: fetchedAt, limits: limits)
    }
  }

  /// The last answer kept for `key`; nil when there is none or this build
  /// cannot read it (a newer Hark's, a damaged row).
  public func recall<Value: Decodable>(_ type: Value.Type, for key: LibraryCacheKey) -> LastSeen<Value>? {
    guard let row = try? store.cachedAnswer(for: key),
      let value = try? JSONDecoder().decode(Value.self, from: row.answer)
    else { return nil }
    return LastSeen(value: value, fetchedAt: row.fetchedAt)
  }

  /// Drops one server's cached library, after the writes already queued
  /// (so none of them lands afterwards).
  public func forget(serverID: String) {
    writes.async { [store] in try? store.forgetLibrary(serverID: serverID) }
  }

  /// Waits until every write queued so far is done (tests).
  public func waitForWrites() {
    writes.sync {}
  }

  /// Runs `call`. Its answer is kept (when `keep` says the server is still
  /// one to keep answers for) and returned; when no answer came for a
  /// network reason, the last answer kept stands in, with the failure it
  /// covers (so reachability still learns of it).
  /// - Returns: the answer, or the failure when the server answered with
  ///   one, or when nothing was kept.
  public func answer<Value: Codable & Sendable>(
    _ key: LibraryCacheKey, isolation: isolated (any Actor)? = #isolation,
    keep: () -> Bool = { true }, _ call: () async throws(APIError) -> Value
  ) async -> Result<Answer<Value>, APIError> {
    do throws(APIError) {
      let value = try await call()
      if keep() { remember(value, for: key) }
      return .success(Answer(value: value))
    } catch {
      guard error.isNetworkFailure else { return .failure(error) }
      let recalled = await Task.detached(priority: .userInitiated) { [self] in
        self.recall(Value.self, for: key)
      }.value
      guard let recalled else { return .failure(error) }
      return .success(Answer(value: recalled.value, lastSeen: recalled.fetchedAt, standsInFor: error))
    }
  }
}

/// An answer kept from an earlier call, and when it was fetched.
public struct LastSeen<Value> {
  public var value: Value
  public var fetchedAt: Date
}

extension LastSeen: Sendable where Value: Sendable {}

/// A call's answer: fresh from the server, or the last one seen.
public struct Answer<Value: Sendable>: Sendable {
  public var value: Value
  /// When the answer was fetched, if it came from the cache.
  public var lastSeen: Date?
  /// The network failure the cached answer stands in for.
  public var standsInFor: APIError?

  public init(value: Value, lastSeen: Date? = nil, standsInFor: APIError? = nil) {
    self.value = value
    self.lastSeen = lastSeen
    self.standsInFor = standsInFor
  }
}

extension APIError {
  /// No answer came: a timeout or a connection that could not be made or
  /// was cut. Only these are answered from the cache; a certificate that
  /// is not trusted is left to say so.
  var isNetworkFailure: Bool {
    switch self {
    case .timedOut, .unreachable: true
    case .server, .cancelled, .certificateRejected, .invalidResponse, .differentServer: false
    }
  }
}

extension LibraryCacheKey {
  /// A server's libraries.
  public static func libraries(_ serverID: String) -> LibraryCacheKey {
    LibraryCacheKey(serverID: serverID, kind: .libraries)
  }

  /// A folder's listing, drained.
  public static func folder(_ folder: LibraryPath) -> LibraryCacheKey {
    LibraryCacheKey(serverID: folder.serverID, kind: .folder, libraryID: folder.libraryID, key: folder.path)
  }

  /// A book with its files and chapters.
  public static func book(_ book: LibraryPath) -> LibraryCacheKey {
    LibraryCacheKey(serverID: book.serverID, kind: .book, libraryID: book.libraryID, key: book.path)
  }

  /// One page of a book list: the query and the cursor it was read from,
  /// as a JSON array (unambiguous whatever the texts hold; nil is null).
  public static func booksPage(_ query: BookListQuery, cursor: String?) -> LibraryCacheKey {
    let parts: [String?] = [query.sort.rawValue, query.author, query.series, cursor]
    let key = (try? JSONEncoder().encode(parts)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    return LibraryCacheKey(serverID: query.serverID, kind: .booksPage, libraryID: query.libraryID, key: key)
  }

  /// A server-wide home shelf list: `.progress`, `.recent` or `.favourites`.
  public static func shelf(_ kind: Kind, serverID: String) -> LibraryCacheKey {
    LibraryCacheKey(serverID: serverID, kind: kind)
  }
}
