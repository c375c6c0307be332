/// A view's interest in one selected value. Ends when cancelled or released.
@MainActor
public final class Subscription {
  private var handler: (@MainActor (AppState) -> Void)?

  init(_ handler: @escaping @MainActor (AppState) -> Void) {
    self.handler = handler
  }

  /// True once `cancel()` was called.
  var isCancelled: Bool { handler == nil }

  /// Stops notifications, effective at once: even a notification pass already
  /// under way skips this subscription. Releases the callback and what it captures.
  public func cancel() {
    handler = nil
  }

  func receive(_ state: AppState) {
    handler?(state)
  }
}
