import HarkCore

/// What became of one save.
public enum SaveOutcome: Equatable, Sendable {
  /// The server answered with the row it kept: this save, or a newer one
  /// from another device (now in the mirror too).
  case sent(winner: ProgressRecord)
  /// Kept in the offline queue for the next flush: offline (nil: not even
  /// tried), no answer, or a server error.
  case queued(APIError?)
  /// The server refused it for good (a 4xx other than 401 and 429): dropped
  /// from the queue; the mirror keeps the position for this device.
  case refused(APIError)
  /// 401: kept in the queue; it goes out after signing in again.
  case authFailed
  /// A book on this computer: in the mirror only, never queued for a server.
  case keptHere
}

/// A save a flush could not deliver, and why.
public struct UndeliveredSave: Equatable, Sendable {
  public var record: ProgressRecord
  public var error: APIError

  public init(record: ProgressRecord, error: APIError) {
    self.record = record
    self.error = error
  }
}

/// Why a flush ended before the end of the queue.
public enum FlushStop: Equatable, Sendable {
  /// No signed-in client for the server: the queue is left untouched.
  case notSignedIn
  /// No answer (offline, timed out, cancelled) or rate-limited: this save
  /// and every later one stay queued, in order.
  case interrupted(APIError)
  /// 401: everything left stays queued until the session is renewed.
  case authFailed
  /// The local database failed; what was not yet marked sent stays queued
  /// (a resend is harmless: the server keeps the same winner).
  case localStore(String)
}

/// What one flush did.
public struct FlushReport: Equatable, Sendable {
  /// The rows the server kept, in the order the saves were sent.
  public var sent: [ProgressRecord] = []
  /// Refused for good and dropped from the queue.
  public var dropped: [UndeliveredSave] = []
  /// The server failed on these (5xx); they stay queued and the flush went on.
  public var deferred: [UndeliveredSave] = []
  /// Set when the flush stopped early.
  public var stop: FlushStop?
  /// How many saves are still queued for the server afterwards.
  public var remaining = 0

  public init(
    sent: [ProgressRecord] = [], dropped: [UndeliveredSave] = [], deferred: [UndeliveredSave] = [],
    stop: FlushStop? = nil, remaining: Int = 0
  ) {
    self.sent = sent
    self.dropped = dropped
    self.deferred = deferred
    self.stop = stop
    self.remaining = remaining
  }
}
