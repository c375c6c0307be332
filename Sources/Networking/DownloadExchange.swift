import CGLib
import CSoup
import Foundation
import HarkCore
import Synchronization

/// One download on the downloads thread: send the request, decide from the
/// answer whether to append, start over or stop, stream the body to the
/// file chunk by chunk, watch for stalls, finish exactly once.
///
/// Everything but `cancelByCaller()` runs on the downloads thread.
final class DownloadExchange: @unchecked Sendable {
  /// What to do, decided before sending.
  struct Plan {
    var request: HTTPRequest
    var file: URL
    /// N for `Range: bytes=N-`, or nil to ask for the whole file.
    var resumeFrom: Int64?
    /// Sent as `If-Range` with the range; never nil when `resumeFrom` is set.
    var validator: String?
    var expectedSize: Int64?
    var stallTimeout: Duration
  }

  /// One read's worth: large enough that a fast link costs few trips
  /// through the main loop, small enough not to matter in memory.
  private static let chunk = 256 << 10
  private static let progressInterval = 250_000  // µs

  private let plan: Plan
  private let onProgress: @Sendable (Int64) -> Void
  private let onValidator: @Sendable (String?) -> Void
  private let cancellable = g_cancellable_new()!
  private let cancelledByCaller = Atomic<Bool>(false)
  private let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
  private var message: OpaquePointer?
  private var stream: UnsafeMutablePointer<GInputStream>?
  private var watchdog: UnsafeMutablePointer<GSource>?
  private var stalled = false
  private var lastByteAt = 0
  private var lastReportAt = 0
  private var file: PartialFile?
  private var total: Int64?
  private var validator: String?
  private var finished = false
  var onFinish: ((Result<DownloadedFile, DownloadFailure>) -> Void)?

  init(
    _ plan: Plan, onProgress: @escaping @Sendable (Int64) -> Void,
    onValidator: @escaping @Sendable (String?) -> Void
  ) {
    self.plan = plan
    self.onProgress = onProgress
    self.onValidator = onValidator
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(cancellable))
    if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
    if let stream { g_object_unref(stream) }
    buffer.deallocate()
  }

  /// Thread-safe: GCancellable may be cancelled from any thread.
  func cancelByCaller() {
    cancelledByCaller.store(true, ordering: .sequentiallyConsistent)
    g_cancellable_cancel(cancellable)
  }

  func start(on session: UnsafeMutablePointer<SoupSession>) {
    let request = plan.request
    guard let message = soup_message_new(request.method, request.url.absoluteString) else {
      return finish(.failure(.network("Not a web address Hark can use: \(request.url.absoluteString)")))
    }
    self.message = message
    // Same rule as every request (see `Exchange`): libsoup drops the
    // Authorization header itself when a redirect leaves the origin.
    if !request.followsRedirects { soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT) }
    let headers = soup_message_get_request_headers(message)
    for (name, value) in request.headers where !["range", "if-range"].contains(name.lowercased()) {
      soup_message_headers_replace(headers, name, value)
    }
    if let from = plan.resumeFrom, let validator = plan.validator {
      // If-Range: the rest of the file if it is still the version on disk,
      // else the whole new version (a 200), never the rest of another one.
      soup_message_headers_replace(headers, "Range", "bytes=\(from)-")
      soup_message_headers_replace(headers, "If-Range", validator)
    }
    lastByteAt = g_get_monotonic_time()
    lastReportAt = lastByteAt
    startWatchdog()
    soup_session_send_async(
      session, message, G_PRIORITY_DEFAULT, cancellable,
      { source, result, data in
        let exchange = Unmanaged<DownloadExchange>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, &error)
        exchange.received(stream, error)
      }, Unmanaged.passRetained(self).toOpaque())
  }

  /// No overall timeout (a big book takes as long as it takes), but no byte
  /// for `stallTimeout` (headers included) ends the download as a network
  /// failure, so it can be retried rather than hang.
  private func startWatchdog() {
    let stall = plan.stallTimeout.components
    let stallMicroseconds = Int(stall.seconds * 1_000_000 + stall.attoseconds / 1_000_000_000_000)
    let tick = UInt32(clamping: max(10, min(1000, stallMicroseconds / 4000)))
    let source = g_timeout_source_new(tick)!
    final class Check {
      let exchange: Unmanaged<DownloadExchange>
      let limit: Int
      init(_ exchange: DownloadExchange, _ limit: Int) {
        self.exchange = .passUnretained(exchange)
        self.limit = limit
      }
    }
    g_source_set_callback(
      source,
      { data in
        let check = Unmanaged<Check>.fromOpaque(data!).takeUnretainedValue()
        let exchange = check.exchange.takeUnretainedValue()
        guard g_get_monotonic_time() - exchange.lastByteAt >= check.limit else { return hark_source_continue() }
        exchange.stalled = true
        g_cancellable_cancel(exchange.cancellable)
        return hark_source_remove()
      }, Unmanaged.passRetained(Check(self, stallMicroseconds)).toOpaque(),
      { data in Unmanaged<Check>.fromOpaque(data!).release() })
    g_source_attach(source, g_main_context_get_thread_default())
    watchdog = source
  }

  private func received(_ stream: UnsafeMutablePointer<GInputStream>?, _ error: UnsafeMutablePointer<GError>?) {
    guard let stream else { return finish(.failure(failure(error))) }
    self.stream = stream
    lastByteAt = g_get_monotonic_time()
    let answer = DownloadAnswer.read(
      status: Int(soup_message_get_status(message).rawValue),
      headers: ResponseHeaders.read(soup_message_get_response_headers(message)),
      resumedFrom: plan.resumeFrom, expectedSize: plan.expectedSize,
      sentValidator: plan.validator)
    switch answer {
    case .complete(let validator):
      self.validator = validator
      finish(.success(DownloadedFile(bytes: plan.resumeFrom ?? 0, validator: validator)))
    case .failed(let failure, let discardPartial):
      if discardPartial { _ = try? PartialFile(plan.file, keeping: 0) }
      finish(.failure(failure))
    case .write(let offset, let total, let validator):
      do throws(DownloadFailure) {
        file = try PartialFile(plan.file, keeping: offset)
      } catch {
        return finish(.failure(error))
      }
      self.total = total
      self.validator = validator
      // Before the first byte lands: whoever keeps the validator must know
      // which version the bytes on disk belong to, even if this is cut.
      onValidator(validator)
      readMore()
    }
  }

  private func readMore() {
    g_input_stream_read_async(
      stream, buffer, gsize(Self.chunk), G_PRIORITY_DEFAULT, cancellable,
      { source, result, data in
        let exchange = Unmanaged<DownloadExchange>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(
          UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GInputStream.self), result, &error)
        exchange.read(count, error)
      }, Unmanaged.passRetained(self).toOpaque())
  }

  private func read(_ count: gssize, _ error: UnsafeMutablePointer<GError>?) {
    guard count >= 0, let file else { return finish(.failure(failure(error))) }
    if count == 0 { return ended(file) }
    lastByteAt = g_get_monotonic_time()
    do throws(DownloadFailure) {
      try file.write(buffer, count: count)
    } catch {
      if error == .diskFull { file.remove() }
      return finish(.failure(error))
    }
    if lastByteAt - lastReportAt >= Self.progressInterval {
      lastReportAt = lastByteAt
      onProgress(file.length)
    }
    readMore()
  }

  /// The body ended cleanly: whole only at the length the server and the
  /// caller agree on.
  private func ended(_ file: PartialFile) {
    let expected = plan.expectedSize.flatMap { $0 > 0 ? $0 : nil }
    if let wanted = total ?? expected, file.length != wanted {
      file.close()
      return finish(.failure(.sizeMismatch(expected: wanted, received: file.length)))
    }
    do throws(DownloadFailure) {
      try file.finish()
    } catch {
      if error == .diskFull { file.remove() }
      return finish(.failure(error))
    }
    finish(.success(DownloadedFile(bytes: file.length, validator: validator)))
  }

  /// Names why the answer stopped, in the downloader's terms.
  private func failure(_ error: UnsafeMutablePointer<GError>?) -> DownloadFailure {
    defer { if error != nil { g_error_free(error) } }
    let text = error.map { String(cString: $0.pointee.message) } ?? "unknown network error"
    guard let error, error.pointee.domain == g_io_error_quark(), error.pointee.code == G_IO_ERROR_CANCELLED.rawValue
    else { return .network(text) }
    if stalled {
      return .network("The server sent nothing for \(plan.stallTimeout.components.seconds) seconds.")
    }
    return cancelledByCaller.load(ordering: .sequentiallyConsistent) ? .cancelled : .network(text)
  }

  private func finish(_ result: Result<DownloadedFile, DownloadFailure>) {
    guard !finished else { return }
    finished = true
    if let watchdog {
      g_source_destroy(watchdog)
      g_source_unref(watchdog)
      self.watchdog = nil
    }
    if let stream { g_input_stream_close_async(stream, G_PRIORITY_DEFAULT, nil, nil, nil) }
    // The descriptor closes either way; bytes already written stay for a resume.
    file?.close()
    let onDisk: Int64
    switch result {
    case .success(let done): onDisk = done.bytes
    case .failure: onDisk = file.map { FileManager.default.fileExists(atPath: $0.url.path) ? $0.length : 0 } ?? -1
    }
    if onDisk >= 0 { onProgress(onDisk) }
    onFinish?(result)
    onFinish = nil
  }
}
