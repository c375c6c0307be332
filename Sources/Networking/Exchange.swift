import CGLib
import CSoup
import Foundation
import HarkCore
import Synchronization

/// One request/response on the network thread: send, read the body up to
/// the request's limit, enforce the timeout, finish exactly once.
///
/// Everything but `cancelByCaller()` runs on the network thread.
final class Exchange: @unchecked Sendable {
  private let request: HTTPRequest
  private let cancellable = g_cancellable_new()!
  private let cancelledByCaller = Atomic<Bool>(false)
  private var timedOut = false
  private var timeoutSource: UnsafeMutablePointer<GSource>?
  private var message: OpaquePointer?
  private var stream: UnsafeMutablePointer<GInputStream>?
  private var body = Data()
  private var finished = false
  var onFinish: ((Result<HTTPResponse, TransportError>) -> Void)?

  init(_ request: HTTPRequest) { self.request = request }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(cancellable))
    if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
    if let stream { g_object_unref(stream) }
  }

  /// Thread-safe: GCancellable may be cancelled from any thread.
  func cancelByCaller() {
    cancelledByCaller.store(true, ordering: .sequentiallyConsistent)
    g_cancellable_cancel(cancellable)
  }

  func start(on session: UnsafeMutablePointer<SoupSession>) {
    guard let message = soup_message_new(request.method, request.url.absoluteString) else {
      return finish(.failure(.invalidRequest("Not a web address Hark can use: \(request.url.absoluteString)")))
    }
    self.message = message
    if !request.followsRedirects { soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT) }
    let headers = soup_message_get_request_headers(message)
    for (name, value) in request.headers { soup_message_headers_replace(headers, name, value) }
    if let body = request.body {
      let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      soup_message_set_request_body_from_bytes(message, request.headers["Content-Type"], bytes)
      g_bytes_unref(bytes)
    }
    startTimeout()
    soup_session_send_async(
      session, message, G_PRIORITY_DEFAULT, cancellable,
      { source, result, data in
        let exchange = Unmanaged<Exchange>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, &error)
        exchange.received(stream, error)
      }, Unmanaged.passRetained(self).toOpaque())
  }

  private func startTimeout() {
    let components = request.timeout.components
    let milliseconds = max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    let source = g_timeout_source_new(UInt32(clamping: milliseconds))!
    g_source_set_callback(
      source,
      { data in
        let exchange = Unmanaged<Exchange>.fromOpaque(data!).takeUnretainedValue()
        exchange.timedOut = true
        g_cancellable_cancel(exchange.cancellable)
        return hark_source_remove()
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
    g_source_attach(source, g_main_context_get_thread_default())
    timeoutSource = source
  }

  private func received(_ stream: UnsafeMutablePointer<GInputStream>?, _ error: UnsafeMutablePointer<GError>?) {
    guard let stream else { return finish(.failure(failure(error))) }
    self.stream = stream
    readMore()
  }

  /// Error bodies are messages, never worth more than 64 KiB, whatever the
  /// request allows for a success (a hostile 10 MB error page stays out).
  private var limit: Int {
    let status = message.map { Int(soup_message_get_status($0).rawValue) } ?? 0
    return status >= 400 ? min(request.maxResponseBytes, 64 << 10) : request.maxResponseBytes
  }

  private func readMore() {
    // Read one byte past the limit, to know whether the body was cut.
    // (`limit - count` first: `limit` may be Int.max for media.)
    let remaining = limit - body.count
    let wanted = remaining >= 64 << 10 ? 64 << 10 : remaining + 1
    g_input_stream_read_bytes_async(
      stream, gsize(max(1, wanted)), G_PRIORITY_DEFAULT, cancellable,
      { source, result, data in
        let exchange = Unmanaged<Exchange>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GInputStream.self), result, &error)
        exchange.read(bytes, error)
      }, Unmanaged.passRetained(self).toOpaque())
  }

  private func read(_ bytes: OpaquePointer?, _ error: UnsafeMutablePointer<GError>?) {
    guard let bytes else { return finish(.failure(failure(error))) }
    defer { g_bytes_unref(bytes) }
    var size: gsize = 0
    let data = g_bytes_get_data(bytes, &size)
    if size == 0 { return finish(.success(response(truncated: false))) }
    body.append(data!.assumingMemoryBound(to: UInt8.self), count: Int(size))
    if body.count > limit {
      body.removeSubrange(limit...)
      return finish(.success(response(truncated: true)))
    }
    readMore()
  }

  private func response(truncated: Bool) -> HTTPResponse {
    HTTPResponse(
      status: Int(soup_message_get_status(message).rawValue),
      reason: soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? "",
      headers: ResponseHeaders.read(soup_message_get_response_headers(message)),
      body: body, bodyTruncated: truncated, fromAnotherOrigin: answeredElsewhere)
  }

  /// Whether libsoup followed a redirect to another scheme, host or port.
  private var answeredElsewhere: Bool {
    guard let message, let final = soup_message_get_uri(message),
      let text = g_uri_to_string(final)
    else { return false }
    defer { g_free(text) }
    guard let answered = URL(string: String(cString: text)) else { return false }
    return Self.origin(answered) != Self.origin(request.url)
  }

  private static func origin(_ url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  /// Names why no answer came, in the transport's terms.
  private func failure(_ error: UnsafeMutablePointer<GError>?) -> TransportError {
    defer { if error != nil { g_error_free(error) } }
    let message = error.map { String(cString: $0.pointee.message) } ?? "unknown network error"
    guard let error else { return .unreachable(message) }
    if error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_CANCELLED.rawValue {
      if timedOut { return .timedOut }
      return cancelledByCaller.load(ordering: .sequentiallyConsistent) ? .cancelled : .unreachable(message)
    }
    if error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue {
      return .timedOut
    }
    if error.pointee.domain == g_tls_error_quark() { return .certificateRejected(message) }
    return .unreachable(message)
  }

  private func finish(_ result: Result<HTTPResponse, TransportError>) {
    guard !finished else { return }
    finished = true
    if let timeoutSource {
      g_source_destroy(timeoutSource)
      g_source_unref(timeoutSource)
      self.timeoutSource = nil
    }
    if let stream { g_input_stream_close_async(stream, G_PRIORITY_DEFAULT, nil, nil, nil) }
    onFinish?(result)
    onFinish = nil
  }
}
