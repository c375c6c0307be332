import Dispatch
import HarkCore

/// Signs sessions out on their servers while Hark quits, waiting at most
/// `limit` so a silent server never holds up the quit.
///
/// By the application's "shutdown" the windows are gone and the main loop
/// no longer runs. Iterating it here would run whatever is still queued
/// against destroyed widgets, so the requests go off the main actor (the
/// transport has its own network thread) and this thread only waits.
enum QuitTimeSignOut {
  static func run(_ sessions: [AudioSiloClient], within limit: Duration) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for session in sessions { group.addTask { try? await session.logout() } }
      }
      done.signal()
    }
    _ = done.wait(timeout: .now() + limit.seconds)
  }
}
