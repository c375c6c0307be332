import Foundation
@testable import HarkCore

/// Records effects instead of running them, and lets a test answer an effect
/// with actions through the dispatch the store passed in.
@MainActor
final class RecordingEffects: EffectRunning {
  private(set) var received: [Effect] = []
  var onRun: ((Effect, @escaping @MainActor (Action) -> Void) -> Void)?

  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    received.append(effect)
    onRun?(effect, dispatch)
  }
}

extension Date {
  /// A Date `seconds` after the Unix epoch, the ManualClock's default start.
  static func epoch(_ seconds: Double) -> Date {
    Date(timeIntervalSince1970: seconds)
  }
}
