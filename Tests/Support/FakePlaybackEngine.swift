import Foundation
import HarkCore

/// A `PlaybackEngine` that plays nothing: it records every call in order
/// and lets a test speak as the engine (reports, errors, the answer to a
/// swap), so the App's playback services are tested without GStreamer.
@MainActor
public final class FakePlaybackEngine: PlaybackEngine {
  /// One call, as the services made it.
  public enum Call: Equatable, Sendable {
    case load([EngineSource], startIndex: Int, position: Double)
    case play
    case pause
    case seek(trackIndex: Int, position: Double)
    case setRate(Double)
    case setVolume(Double)
    case swapSources([EngineSource])
    case reset
  }

  public var onSnapshot: (@MainActor (EngineSnapshot) -> Void)?
  public private(set) var lastError: String?
  /// Every call so far, oldest first.
  public private(set) var calls: [Call] = []
  /// The answer of the last `swapSources` not answered yet.
  private var pendingSwapAnswer: (@MainActor (Bool) -> Void)?

  public init() {}

  /// The sources of the last `load`, nil before one.
  public var loadedSources: [EngineSource]? {
    for call in calls.reversed() { if case .load(let sources, _, _) = call { return sources } }
    return nil
  }

  public func load(_ sources: [EngineSource], startIndex: Int, position: Double) {
    calls.append(.load(sources, startIndex: startIndex, position: position))
  }

  public func play() { calls.append(.play) }
  public func pause() { calls.append(.pause) }
  public func seek(trackIndex: Int, position: Double) {
    calls.append(.seek(trackIndex: trackIndex, position: position))
  }
  public func setRate(_ rate: Double) { calls.append(.setRate(rate)) }
  public func setVolume(_ volume: Double) { calls.append(.setVolume(volume)) }

  public func swapSources(_ sources: [EngineSource], answer: @escaping @MainActor (Bool) -> Void) {
    calls.append(.swapSources(sources))
    pendingSwapAnswer = answer
  }

  public func reset() { calls.append(.reset) }

  // MARK: Speaking as the engine

  /// A report, as the engine sends one on a change and while playing.
  public func report(_ snapshot: EngineSnapshot) {
    onSnapshot?(snapshot)
  }

  /// An error in the listener's words, then the `.error` report that
  /// carries it (the order a real engine keeps).
  public func fail(_ message: String, trackIndex: Int = 0, position: Double = 0) {
    lastError = message
    onSnapshot?(EngineSnapshot(state: .error, trackIndex: trackIndex, position: position))
  }

  /// Answers the last swap: true once "playing from the new sources", false
  /// when they could not be played. False when no swap waits.
  @discardableResult
  public func answerSwap(_ played: Bool) -> Bool {
    guard let answer = pendingSwapAnswer else { return false }
    pendingSwapAnswer = nil
    answer(played)
    return true
  }
}
