import HarkCore
import Persistence

/// Browsing calls through the library cache (`LibraryCache`): an answer is
/// kept, and a call that gets no answer (the network) is answered with the
/// last one seen, so Hark with no network shows its library as last seen.
/// Either way the outcome feeds the server's reachability, so the offline
/// banner says the server is away while cached pages are shown.
extension ConnectionServices {
  func lastSeen<Value: Codable & Sendable>(
    _ key: LibraryCacheKey, _ call: () async throws(APIError) -> Value
  ) async -> Result<Answer<Value>, APIError> {
    let serverID = key.serverID
    let outcome: Result<Answer<Value>, APIError>
    if let cache = libraryCache {
      // An answer that arrives after a sign-out is not kept: signing out
      // drops everything cached of the server.
      outcome = await cache.answer(key, keep: { self.holdsSession(serverID) }, call)
    } else {
      do throws(APIError) { outcome = .success(Answer(value: try await call())) } catch { outcome = .failure(error) }
    }
    switch outcome {
    case .success(let answer): record(answer.standsInFor, serverID: serverID)
    case .failure(let error): record(error, serverID: serverID)
    }
    return outcome
  }

  /// `lastSeen` as an action carries it.
  func lastSeenResult<Value: Codable & Sendable>(
    _ key: LibraryCacheKey, _ call: () async throws(APIError) -> Value
  ) async -> Result<Value, FailureMessage> {
    switch await lastSeen(key, call) {
    case .success(let answer): .success(answer.value)
    case .failure(let error): .failure(FailureMessage(error.userMessage))
    }
  }
}
