import CGLib
import CSoup
import Foundation
import Glibc
import HarkCore

/// Downloads audio files to disk through libsoup, in constant memory,
/// resuming where an earlier attempt stopped without ever splicing two
/// versions of a file.
///
/// Downloads run on their own thread and session, apart from
/// `SoupTransport`'s: a slow disk or a saturated link never delays an API
/// call, and the session can leave bodies undecoded (a byte range is a range
/// of the file, not of some compressed form of it).
public final class FileDownloader: Sendable {
  // The thread and its session start at the first download (`SessionOnDemand`).
  private let network: SessionOnDemand
  private let stallTimeout: Duration

  /// - Parameters:
  ///   - userAgent: sent with every request, e.g. "Hark/0.1.0".
  ///   - stallTimeout: how long the server may send nothing (no headers, no
  ///     byte) before the download fails as a network failure. There is no
  ///     overall timeout: a big book on a slow link takes what it takes.
  public init(userAgent: String = "Hark", stallTimeout: Duration = .seconds(30)) {
    network = SessionOnDemand(threadName: "hark-downloads") {
      let session = Self.makeSession()
      soup_session_set_user_agent(session, userAgent)
      // Bytes exactly as stored: no Accept-Encoding, no decoding.
      soup_session_remove_feature_by_type(session, soup_content_decoder_get_type())
      return session
    }
    self.stallTimeout = stallTimeout
  }

  /// Downloads `request` (a GET of one audio file) into `file`, creating its
  /// missing folders.
  ///
  /// When `file` already holds bytes and `validator` is given, asks for the
  /// rest with `Range: bytes=N-` and `If-Range: validator`: a 206 from N
  /// appends; a 200 means the file changed on the server, so the file is
  /// truncated and written from 0; a 416 while the file holds
  /// `expectedSize` bytes means it was already whole. Without a validator,
  /// nothing proves the bytes on disk are the server's current version, so
  /// the download starts over.
  ///
  /// Succeeds only when the bytes on disk equal the server's length and
  /// `expectedSize` (when > 0), after flushing them to the disk. The
  /// request's `timeout` and `maxResponseBytes` do not apply; the
  /// downloader's stall timeout does.
  ///
  /// - Parameters:
  ///   - onProgress: the bytes on disk, at most every 250 ms and once at the
  ///     end (on the downloads thread: keep it short).
  ///   - onValidator: the validator of the bytes the file is about to
  ///     receive (nil when the server gave none), once the server's answer
  ///     is accepted and before the first byte is written. Keep it with the
  ///     file: it is what a later call needs to resume after a failure.
  /// - Throws: `.server(status:)` for another answer than the file (the
  ///   file is kept as it was); `.network` when the connection broke or
  ///   stalled (the bytes written so far stay, to resume from);
  ///   `.sizeMismatch`; `.diskFull` (this download's file is removed);
  ///   `.cannotWrite`; `.cancelled` when the task is cancelled (the bytes
  ///   written so far stay).
  public func download(
    _ request: HTTPRequest, to file: URL, expectedSize: Int64?, validator: String?,
    onProgress: @escaping @Sendable (_ bytesOnDisk: Int64) -> Void,
    onValidator: @escaping @Sendable (_ validator: String?) -> Void = { _ in }
  ) async throws(DownloadFailure) -> DownloadedFile {
    if Task.isCancelled { throw .cancelled }
    let onDisk = Self.length(of: file)
    let expected = expectedSize.flatMap { $0 > 0 ? $0 : nil }
    // Resume only what can be proven to be the current version and is not
    // already longer than the whole file.
    let resumable = onDisk > 0 && validator != nil && onDisk <= (expected ?? .max)
    let exchange = DownloadExchange(
      .init(
        request: request, file: file, resumeFrom: resumable ? onDisk : nil, validator: resumable ? validator : nil,
        expectedSize: expectedSize, stallTimeout: stallTimeout),
      onProgress: onProgress, onValidator: onValidator)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<DownloadedFile, DownloadFailure>, Never>) in
        exchange.onFinish = { continuation.resume(returning: $0) }
        network.perform { exchange.start(on: $0) }
      }
    } onCancel: {
      exchange.cancelByCaller()
    }
    return try result.get()
  }

  /// A session allowing six connections per host (libsoup's default is 2),
  /// set at construction, the only time libsoup takes it: up to three
  /// books download at once (Preferences), each on its own connection, and
  /// one waiting for a free connection would look stalled.
  private static func makeSession() -> UnsafeMutablePointer<SoupSession> {
    var value = GValue()
    g_value_init(&value, hark_type_int())
    g_value_set_int(&value, 6)
    defer { g_value_unset(&value) }
    return withUnsafePointer(to: value) { values in
      var names: [UnsafePointer<CChar>?] = []
      return "max-conns-per-host".withCString { name in
        names.append(name)
        let object = g_object_new_with_properties(soup_session_get_type(), 1, &names, values)
        return UnsafeMutableRawPointer(object!).assumingMemoryBound(to: SoupSession.self)
      }
    }
  }

  /// The file's length, 0 when it does not exist (or is not a file).
  private static func length(of file: URL) -> Int64 {
    var status = stat()
    guard stat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int64(status.st_size)
  }
}
