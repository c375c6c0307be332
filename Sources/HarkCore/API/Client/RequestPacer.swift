import Foundation

/// A token bucket every request waits on, so fan-outs (a grid of covers,
/// paging a big library) stay under the server's per-IP limit of about 20
/// requests/s with a burst of 40 instead of collecting 429s.
///
/// Waiters reserve their slot before they sleep (the bucket may go into debt),
/// so concurrent callers are spaced out in arrival order and the actor's
/// reentrancy while one sleeps cannot let two take the same token. Within any
/// window of length t, at most `burst + rate × t` requests pass.
public actor RequestPacer {
  /// The default rate, below the server's 20/s.
  public static let defaultRate = 15.0
  /// The default burst, below the server's 40.
  public static let defaultBurst = 30

  private let rate: Double
  private let burst: Double
  private let now: @Sendable () -> Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  private var tokens: Double
  private var lastRefill: Duration

  /// - Parameters:
  ///   - rate: requests per second, refilled continuously.
  ///   - burst: how many may go at once after a quiet spell.
  ///   - now: a monotonic reading; tests pass a virtual one.
  ///   - sleep: waits; tests record instead of waiting.
  public init(
    rate: Double = RequestPacer.defaultRate, burst: Int = RequestPacer.defaultBurst,
    now: (@Sendable () -> Duration)? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    precondition(rate > 0 && burst >= 1, "a pacer needs a positive rate and a burst of at least 1")
    self.rate = rate
    self.burst = Double(burst)
    self.now = now ?? RequestPacer.monotonicNow()
    self.sleep = sleep
    tokens = Double(burst)
    lastRefill = self.now()
  }

  /// Waits until a request may go. Throws `CancellationError` if the task is
  /// cancelled while waiting; the reserved slot is handed back then.
  public func acquire() async throws {
    try Task.checkCancellation()
    let current = now()
    tokens = min(burst, tokens + (current - lastRefill).seconds * rate)
    lastRefill = current
    tokens -= 1
    guard tokens < 0 else { return }
    let wait = Duration.seconds(-tokens / rate)
    do {
      try await sleep(wait)
    } catch {
      tokens += 1
      throw CancellationError()
    }
  }

  private static func monotonicNow() -> @Sendable () -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    return { clock.now - start }
  }
}
