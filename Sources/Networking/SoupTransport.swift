import CGLib
import CSoup
import Foundation
import HarkCore

/// The live `HTTPTransport`: libsoup 3 on a private network thread.
public final class SoupTransport: HTTPTransport, @unchecked Sendable {
  // Created and used only on `thread`.
  private nonisolated(unsafe) var session: UnsafeMutablePointer<SoupSession>?
  private let thread: NetworkThread

  /// - Parameter userAgent: sent with every request, e.g. "Hark/0.1.0".
  public init(userAgent: String) {
    let holder = SessionHolder()
    thread = NetworkThread(name: "hark-network") {
      // The session picks up the thread-default context here, so its
      // callbacks run on this thread.
      let session = soup_session_new()!
      soup_session_set_user_agent(session, userAgent)
      holder.session = session
    }
    session = holder.session
  }

  deinit {
    nonisolated(unsafe) let session = session
    thread.stop { g_object_unref(UnsafeMutableRawPointer(session)) }
  }

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let exchange = Exchange(request)
    nonisolated(unsafe) let session = session!
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) in
        exchange.onFinish = { continuation.resume(returning: $0) }
        thread.perform { exchange.start(on: session) }
      }
    } onCancel: {
      exchange.cancelByCaller()
    }
    return try result.get()
  }
}

/// Carries the session pointer out of the thread's set-up closure.
private final class SessionHolder: @unchecked Sendable {
  var session: UnsafeMutablePointer<SoupSession>?
}
