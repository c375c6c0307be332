import CGLib
import CSoup
import Foundation
import HarkCore

/// The live `HTTPTransport`: libsoup 3 on a private network thread, both
/// started at the first request (`SessionOnDemand`).
public final class SoupTransport: HTTPTransport, Sendable {
  private let network: SessionOnDemand

  /// - Parameter userAgent: sent with every request, e.g. "Hark/0.1.0".
  public init(userAgent: String) {
    network = SessionOnDemand(threadName: "hark-network") {
      let session = soup_session_new()!
      soup_session_set_user_agent(session, userAgent)
      return session
    }
  }

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let exchange = Exchange(request)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) in
        exchange.onFinish = { continuation.resume(returning: $0) }
        network.perform { exchange.start(on: $0) }
      }
    } onCancel: {
      exchange.cancelByCaller()
    }
    return try result.get()
  }
}
