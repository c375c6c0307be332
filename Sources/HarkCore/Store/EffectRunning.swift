/// Performs effects. The store hands it every effect in order, with a `dispatch`
/// for reporting results back as actions.
@MainActor
public protocol EffectRunning: AnyObject {
  /// Performs `effect`; may call `dispatch` now or later.
  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void)
}

/// The app's effect runner: timers on an injected clock, settings through a
/// handler the app wires to GSettings.
@MainActor
public final class EffectRunner: EffectRunning {
  private let clock: any SchedulingClock
  private let persistSetting: @MainActor (SettingsKey, Double) -> Void
  private let services: @MainActor (Effect, @escaping @MainActor (Action) -> Void) -> Void
  // The generation tells a finished one-shot timer apart from a newer timer
  // that has since replaced it under the same id.
  private var timers: [TimerID: (generation: Int, timer: any ScheduledTimer)] = [:]
  private var nextGeneration = 0

  /// A runner scheduling on `clock` and writing settings with `persistSetting`.
  public init(
    clock: any SchedulingClock,
    persistSetting: @escaping @MainActor (SettingsKey, Double) -> Void,
    services: @escaping @MainActor (Effect, @escaping @MainActor (Action) -> Void) -> Void = { _, _ in }
  ) {
    self.clock = clock
    self.persistSetting = persistSetting
    self.services = services
  }

  /// Performs `effect`. A fired timer dispatches `.timer(.fired(id, at: clock.now))`.
  public func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    switch effect {
    case .persistSetting(let key, let value):
      persistSetting(key, value)
    case .startTimer(let id, let delay, let repeating):
      startTimer(id, after: delay, repeating: repeating, dispatch: dispatch)
    case .cancelTimer(let id):
      timers.removeValue(forKey: id)?.timer.cancel()
    default:
      // Network, keyring and disk: the App's services run these, each by
      // its one owner (`Effect.owner`).
      services(effect, dispatch)
    }
  }

  private func startTimer(
    _ id: TimerID, after delay: Duration, repeating: Bool,
    dispatch: @escaping @MainActor (Action) -> Void
  ) {
    timers.removeValue(forKey: id)?.timer.cancel()
    nextGeneration += 1
    let generation = nextGeneration
    let timer = clock.schedule(after: delay, repeating: repeating) { [weak self] in
      guard let self else { return }
      if !repeating, self.timers[id]?.generation == generation {
        self.timers[id] = nil
      }
      dispatch(.timer(.fired(id, at: self.clock.now)))
    }
    timers[id] = (generation, timer)
  }
}
