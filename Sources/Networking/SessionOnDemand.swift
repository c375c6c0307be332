import CGLib
import CSoup
import Synchronization

/// A network thread and its SoupSession, both made at the first request
/// instead of when Hark starts.
///
/// Why: a session made at start-up made libsoup (with its Kerberos, HTTP/2,
/// PSL and IDN libraries, 11 objects) a start-up dependency, loaded and
/// relocated before `main` and searched by every symbol lookup up to the
/// first frame, on every start, even with no server (bench/README.md,
/// "Start-up"). Made here, libsoup is loaded at the first request, through
/// Sources/CLazyLibraries' stubs.
final class SessionOnDemand: Sendable {
  private let name: String
  private let makeSession: @Sendable () -> UnsafeMutablePointer<SoupSession>
  private let started = Mutex<Started?>(nil)

  /// - Parameters:
  ///   - name: the thread's name (seen in `top -H`, the bench's lists).
  ///   - makeSession: runs once, on the thread, at the first `perform`:
  ///     the session picks up that thread's main context there, so its
  ///     callbacks run on the thread.
  init(threadName name: String, makeSession: @escaping @Sendable () -> UnsafeMutablePointer<SoupSession>) {
    self.name = name
    self.makeSession = makeSession
  }

  deinit {
    guard let started = started.withLock({ $0 }) else { return }  // never asked: nothing to stop
    nonisolated(unsafe) let session = started.session
    started.thread.stop { g_object_unref(UnsafeMutableRawPointer(session)) }
  }

  /// Runs `work` with the session on the network thread (soon, in order),
  /// starting both first when this is the first request.
  func perform(_ work: @escaping @Sendable (UnsafeMutablePointer<SoupSession>) -> Void) {
    let started = self.started.withLock { started in
      if let started { return started }
      // The thread runs `makeSession` before its init returns; no lock of
      // ours is taken there, so holding this one meanwhile is safe.
      let holder = Started.SessionHolder()
      let make = makeSession
      let thread = NetworkThread(name: name) { holder.session = make() }
      let made = Started(thread: thread, session: holder.session!)
      started = made
      return made
    }
    nonisolated(unsafe) let session = started.session
    started.thread.perform { work(session) }
  }

  /// The running thread and the session made on it (used only there).
  private final class Started: @unchecked Sendable {
    let thread: NetworkThread
    let session: UnsafeMutablePointer<SoupSession>
    init(thread: NetworkThread, session: UnsafeMutablePointer<SoupSession>) {
      self.thread = thread
      self.session = session
    }

    /// Carries the session pointer out of the thread's set-up closure.
    final class SessionHolder: @unchecked Sendable {
      var session: UnsafeMutablePointer<SoupSession>?
    }
  }
}
