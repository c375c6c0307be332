import Foundation
import HarkCore

/// A `PlaybackEngine` that plays nothing: it records every call in order
/// and lets a test speak as the engine (reports, errors, the answer to a
/// swap), so the App's playback services are tested without GStreamer.
///
/// It gets anywhere at once: its reports say it finished the last load or
/// seek it was given (`EngineSnapshot.seekID`) unless the test says which.
@MainActor
public final class FakePlaybackEngine: PlaybackEngine {
  /// One call, as the services made it.
  public enum Call: Equatable, Sendable {
    case load([EngineSource], startIndex: Int, position: Double, seekID: SeekID)
    case play
    case pause
    case seek(trackIndex: Int, position: Double, seekID: SeekID)
    case setRate(Double)
    case setVolume(Double)
    case swapSources([EngineSource])
    case reset
  }

  public var onSnapshot: (@MainActor (EngineSnapshot) -> Void)?
  public private(set) var lastError: String?
  /// Every call so far, oldest first.
  public private(set) var calls: [Call] = []
  /// The id of the last load or seek: where the fake engine is.
  public private(set) var lastSeekID = SeekID.zero
  /// The answer of the last `swapSources` not answered yet.
  private var pendingSwapAnswer: (@MainActor (Bool) -> Void)?

  public init() {}

  /// The sources of the last `load`, nil before one.
  public var loadedSources: [EngineSource]? {
    for call in calls.reversed() { if case .load(let sources, _, _, _) = call { return sources } }
    return nil
  }

  public func load(_ sources: [EngineSource], startIndex: Int, position: Double, seekID: SeekID) {
    calls.append(.load(sources, startIndex: startIndex, position: position, seekID: seekID))
    lastSeekID = seekID
  }

  public func play() { calls.append(.play) }
  public func pause() { calls.append(.pause) }
  public func seek(trackIndex: Int, position: Double, seekID: SeekID) {
    calls.append(.seek(trackIndex: trackIndex, position: position, seekID: seekID))
    lastSeekID = seekID
  }
  public func setRate(_ rate: Double) { calls.append(.setRate(rate)) }
  public func setVolume(_ volume: Double) { calls.append(.setVolume(volume)) }

  public func swapSources(_ sources: [EngineSource], answer: @escaping @MainActor (Bool) -> Void) {
    calls.append(.swapSources(sources))
    pendingSwapAnswer = answer
  }

  public func reset() { calls.append(.reset) }

  // MARK: Speaking as the engine

  /// A report, as the engine sends one on a change and while playing; one
  /// without a seek id is made where the last load or seek went.
  public func report(_ snapshot: EngineSnapshot) {
    var snapshot = snapshot
    if snapshot.seekID == .zero { snapshot.seekID = lastSeekID }
    onSnapshot?(snapshot)
  }

  /// An error in the listener's words, then the `.error` report that
  /// carries it (the order a real engine keeps).
  public func fail(_ message: String, trackIndex: Int = 0, position: Double = 0) {
    lastError = message
    onSnapshot?(EngineSnapshot(state: .error, trackIndex: trackIndex, position: position, seekID: lastSeekID))
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
