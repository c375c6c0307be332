/// Holds the one `AppState`, runs actions through the reducer, tells subscribers
/// about changes and hands effects to the runner.
@MainActor
public final class Store {
  /// The current state. Only `dispatch` changes it.
  public private(set) var state: AppState

  private let reducer: (inout AppState, Action) -> [Effect]
  private let effects: any EffectRunning
  // Weak, so dropping a Subscription is enough to end it.
  private var subscriptions: [WeakSubscription] = []
  private var pending: [Action] = []
  private var isDispatching = false

  /// A store starting at `initial`, reducing with `reducer` and running effects
  /// with `effects`.
  public init(
    initial: AppState = AppState(),
    reducer: @escaping (inout AppState, Action) -> [Effect] = reduce,
    effects: any EffectRunning
  ) {
    self.state = initial
    self.reducer = reducer
    self.effects = effects
  }

  /// Reduces `action`, notifies subscribers whose value changed, then runs the
  /// resulting effects in order.
  ///
  /// An action dispatched while another is being handled (by a subscriber or an
  /// effect) is queued and handled after it, in the order dispatched. Handling it
  /// recursively would let subscribers see states out of order.
  public func dispatch(_ action: Action) {
    pending.append(action)
    guard !isDispatching else { return }
    isDispatching = true
    defer { isDispatching = false }
    while !pending.isEmpty {
      let next = pending.removeFirst()
      let produced = reducer(&state, next)
      notifySubscribers()
      for effect in produced {
        effects.run(effect) { [weak self] action in self?.dispatch(action) }
      }
    }
  }

  /// Calls `onChange` now with `selector(state)`, and again whenever a dispatch
  /// changes that value. Keep the returned subscription: it ends when cancelled
  /// or released.
  public func subscribe<Value: Equatable>(
    _ selector: @escaping (AppState) -> Value,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> Subscription {
    var last = selector(state)
    let subscription = Subscription { state in
      let value = selector(state)
      guard value != last else { return }
      last = value
      onChange(value)
    }
    subscriptions.removeAll { $0.subscription == nil || $0.subscription!.isCancelled }
    subscriptions.append(WeakSubscription(subscription: subscription))
    onChange(last)
    return subscription
  }

  private func notifySubscribers() {
    // Iterate over a copy and re-check each entry as it comes up: an earlier
    // subscriber may cancel or release a later one, which must then stay silent.
    // A subscription added during the pass already got its initial value.
    for entry in subscriptions {
      guard let subscription = entry.subscription else { continue }
      subscription.receive(state)
    }
    subscriptions.removeAll { $0.subscription == nil || $0.subscription!.isCancelled }
  }
}

private struct WeakSubscription {
  weak var subscription: Subscription?
}
