import XCTest
@testable import HarkCore

// Test methods are async: on Linux, XCTest aborts when it discovers a synchronous
// test method on a @MainActor class (it cannot cast the isolated function type).
@MainActor
final class StoreTests: XCTestCase {
  private var effects: RecordingEffects!
  private var store: Store!

  override func setUp() async throws {
    effects = RecordingEffects()
    store = Store(effects: effects)
  }

  func testDispatchRunsTheReducer() async {
    store.dispatch(.ui(.pageSelected(.downloads)))
    XCTAssertEqual(store.state.navigation.page, .downloads)
  }

  func testSubscribeCallsOnceImmediatelyWithTheCurrentValue() async {
    var seen: [Page] = []
    let subscription = store.subscribe(selectPage) { seen.append($0) }
    XCTAssertEqual(seen, [.library])
    _ = subscription
  }

  func testNotifiesOnlyWhenTheSelectedValueChanges() async {
    var seen: [Page] = []
    let subscription = store.subscribe(selectPage) { seen.append($0) }
    store.dispatch(.ui(.pageSelected(.book)))
    store.dispatch(.ui(.pageSelected(.book)))  // same page again
    store.dispatch(.settings(.changed(.skipBackSeconds, 20)))  // unrelated part
    store.dispatch(.ui(.nextPageRequested))
    XCTAssertEqual(seen, [.library, .book, .player])
    _ = subscription
  }

  func testCancelStopsNotifications() async {
    var seen: [Page] = []
    let subscription = store.subscribe(selectPage) { seen.append($0) }
    subscription.cancel()
    store.dispatch(.ui(.pageSelected(.book)))
    XCTAssertEqual(seen, [.library])
  }

  func testReleasingTheSubscriptionStopsNotifications() async {
    var seen: [Page] = []
    var subscription: Subscription? = store.subscribe(selectPage) { seen.append($0) }
    weak let released = subscription
    subscription = nil
    XCTAssertNil(released, "the store must not keep a subscription alive")
    store.dispatch(.ui(.pageSelected(.book)))
    XCTAssertEqual(seen, [.library])
  }

  func testSubscriptionCancelledByAnEarlierSubscriberInTheSamePassIsNotCalled() async {
    var later: Subscription?
    var laterSeen: [Page] = []
    let earlier = store.subscribe(selectPage) { page in
      if page == .book { later?.cancel() }
    }
    later = store.subscribe(selectPage) { laterSeen.append($0) }
    store.dispatch(.ui(.pageSelected(.book)))
    store.dispatch(.ui(.pageSelected(.player)))
    XCTAssertEqual(laterSeen, [.library])
    _ = earlier
  }

  func testSubscriptionReleasedByAnEarlierSubscriberInTheSamePassIsNotCalled() async {
    var later: Subscription?
    var laterSeen: [Page] = []
    let earlier = store.subscribe(selectPage) { page in
      if page == .book { later = nil }
    }
    later = store.subscribe(selectPage) { laterSeen.append($0) }
    store.dispatch(.ui(.pageSelected(.book)))
    XCTAssertNil(later)
    XCTAssertEqual(laterSeen, [.library])
    _ = earlier
  }

  func testReentrantDispatchesAreQueuedInOrderNotRecursive() async {
    var seen: [Page] = []
    var pageRightAfterDispatching: Page?
    let store: Store = self.store
    let redirect = store.subscribe(selectPage) { [weak store] page in
      guard page == .book, let store else { return }
      store.dispatch(.ui(.pageSelected(.player)))
      store.dispatch(.ui(.pageSelected(.downloads)))
      pageRightAfterDispatching = store.state.navigation.page
    }
    let recorder = store.subscribe(selectPage) { seen.append($0) }
    store.dispatch(.ui(.pageSelected(.book)))
    // Queued, not run inside the subscriber: the state had not moved on yet, and
    // the second subscriber still saw .book before the queued pages.
    XCTAssertEqual(pageRightAfterDispatching, .book)
    XCTAssertEqual(seen, [.library, .book, .player, .downloads])
    XCTAssertEqual(store.state.navigation.page, .downloads)
    _ = (redirect, recorder)
  }

  func testEffectsReachTheRunnerInOrder() async {
    store.dispatch(.settings(.changed(.skipBackSeconds, 10)))
    store.dispatch(.settings(.changed(.skipBackSeconds, 10)))  // unchanged: no effect
    store.dispatch(.settings(.changed(.defaultSpeed, 2)))
    XCTAssertEqual(
      effects.received, [.persistSetting(.skipBackSeconds, 10), .persistSetting(.defaultSpeed, 2)])
  }

  func testSeveralEffectsFromOneActionReachTheRunnerInOrder() async {
    // A test reducer: the real one never returns more than one effect yet.
    let tick = TimerID("tick")
    let effects = RecordingEffects()
    let store = Store(
      reducer: { _, _ in
        [
          .persistSetting(.autoRewindSeconds, 3),
          .startTimer(tick, after: .seconds(1), repeating: true),
          .cancelTimer(tick),
        ]
      },
      effects: effects)
    store.dispatch(.ui(.nextPageRequested))
    XCTAssertEqual(
      effects.received,
      [
        .persistSetting(.autoRewindSeconds, 3),
        .startTimer(tick, after: .seconds(1), repeating: true),
        .cancelTimer(tick),
      ])
  }

  func testActionsDispatchedByAnEffectRunAfterTheRestOfTheEffects() async {
    // A test reducer that logs each action and answers page changes with two
    // effects; the real reducer has no such behaviour yet.
    var log: [String] = []
    let effects = RecordingEffects()
    let store = Store(
      reducer: { state, action in
        log.append("reduce \(action)")
        guard case .ui(.pageSelected(let page)) = action else { return [] }
        state.navigation.page = page
        return [.cancelTimer(TimerID("a")), .cancelTimer(TimerID("b"))]
      },
      effects: effects)
    effects.onRun = { effect, dispatch in
      log.append("run \(effect)")
      if effect == .cancelTimer(TimerID("a")) {
        dispatch(.settings(.changed(.skipBackSeconds, 20)))
      }
    }
    store.dispatch(.ui(.pageSelected(.book)))
    XCTAssertEqual(
      log,
      [
        "reduce \(Action.ui(.pageSelected(.book)))",
        "run \(Effect.cancelTimer(TimerID("a")))",
        "run \(Effect.cancelTimer(TimerID("b")))",
        "reduce \(Action.settings(.changed(.skipBackSeconds, 20)))",
      ])
  }

  func testSubscribersSeeTheNewStateBeforeEffectsRun() async {
    var pageWhenEffectRan: Page?
    var notified: [Page] = []
    let store = Store(
      reducer: { state, _ in
        // A test reducer: the real one has no effect for a page change.
        state.navigation.page = .player
        return [.cancelTimer(TimerID("x"))]
      },
      effects: effects)
    effects.onRun = { _, _ in pageWhenEffectRan = notified.last }
    let subscription = store.subscribe(selectPage) { notified.append($0) }
    store.dispatch(.ui(.nextPageRequested))
    XCTAssertEqual(pageWhenEffectRan, .player)
    _ = subscription
  }
}
