/// Limits the seeks a long drag sends: at most one per `interval` ms, none
/// while the pointer rests on the position last sent, and the latest
/// position once the interval is up even if the pointer has stopped (the
/// widget asks again at `dueAt` with a one-shot timer that only exists
/// during a drag). Time comes in as a parameter.
///
/// The clock starts when the drag does, so a short drag (under one
/// interval) sends nothing until the release.
public struct SeekThrottle: Equatable, Sendable {
  public let interval: Int64
  private var lastSentAt: Int64
  private var lastSent: Double?
  /// A position the pointer reached that has not been sent yet.
  private var waiting: Double?

  public init(interval: Int64, startedAt: Int64) {
    self.interval = interval
    lastSentAt = startedAt
  }

  /// When a position is waiting, the time to call `due(at:)`.
  public var dueAt: Int64? { waiting == nil ? nil : lastSentAt + interval }

  /// The pointer reached `position` at `now`; returns it if it is to be
  /// sent now.
  public mutating func offer(_ position: Double, at now: Int64) -> Double? {
    guard position != lastSent else {
      waiting = nil
      return nil
    }
    waiting = position
    return due(at: now)
  }

  /// Sends the waiting position if its time has come.
  public mutating func due(at now: Int64) -> Double? {
    guard let position = waiting, now - lastSentAt >= interval else { return nil }
    waiting = nil
    lastSent = position
    lastSentAt = now
    return position
  }
}
