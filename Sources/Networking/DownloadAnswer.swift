import Foundation
import HarkCore

/// What the server's answer to a download means for the bytes already on
/// disk. The one rule it keeps: two versions of a file are never spliced.
enum DownloadAnswer: Equatable {
  /// Write the body at `offset`: 0 replaces whatever the file held, N (the
  /// length asked for with `Range`) appends. `total` is the whole file's
  /// length when the server said it.
  case write(offset: Int64, total: Int64?, validator: String?)
  /// The file on disk is already whole (a 416 to a `Range` from its end).
  case complete(validator: String?)
  /// Stop. `discardPartial`: the bytes on disk can no longer be trusted, so
  /// the next attempt must start from 0.
  case failed(DownloadFailure, discardPartial: Bool)

  /// - Parameters:
  ///   - resumedFrom: the N of the `Range: bytes=N-` sent, nil when none was.
  ///   - expectedSize: the size the caller expects, ignored when not > 0.
  ///   - sentValidator: the `If-Range` sent with the range.
  static func read(
    status: Int, headers: [String: String], resumedFrom: Int64?, expectedSize: Int64?, sentValidator: String?
  ) -> DownloadAnswer {
    let expected = expectedSize.flatMap { $0 > 0 ? $0 : nil }
    let validator = DownloadValidator.of(headers)
    switch status {
    case 200:
      // The whole file: the first download, or the file changed since the
      // bytes on disk were written (If-Range did not match). Start over.
      let total = headers["content-length"].flatMap { Int64($0) }
      if let expected, let total, total != expected {
        return .failed(.sizeMismatch(expected: expected, received: total), discardPartial: false)
      }
      return .write(offset: 0, total: total, validator: validator)
    case 206:
      guard let resumedFrom, let range = ContentRange(headers["content-range"]), let first = range.first,
        first == resumedFrom
      else {
        // A range other than the one asked for: appending it would leave a
        // hole or a repeat. Start again from 0 next time.
        return .failed(.network("The server resumed the file at another byte than asked."), discardPartial: true)
      }
      let total = range.total ?? range.last.map { $0 + 1 }
      if let total, range.last != total - 1 {
        return .failed(.network("The server resumed with only part of the file."), discardPartial: true)
      }
      if let expected, let total, total != expected {
        return .failed(.sizeMismatch(expected: expected, received: total), discardPartial: false)
      }
      // If-Range matched, so the validator is still the one sent.
      return .write(offset: resumedFrom, total: total, validator: validator ?? sentValidator)
    case 416:
      // `bytes=N-` with N the file's length: nothing is left to send. Whole
      // only when the server's length (and the expected one) is N too.
      let total = ContentRange(headers["content-range"])?.total
      if let resumedFrom, let known = total ?? expected, known == resumedFrom, (expected ?? known) == known {
        return .complete(validator: validator ?? sentValidator)
      }
      return .failed(
        .sizeMismatch(expected: total ?? expected ?? 0, received: resumedFrom ?? 0), discardPartial: true)
    default:
      return .failed(.server(status: status), discardPartial: false)
    }
  }
}

/// `Content-Range: bytes first-last/total`, `bytes */total` or `bytes first-last/*`.
struct ContentRange: Equatable {
  var first: Int64?
  var last: Int64?
  var total: Int64?

  init?(_ header: String?) {
    guard let header else { return nil }
    let parts = header.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
    let halves = parts[1].split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2 else { return nil }
    if halves[1] != "*" {
      guard let total = Int64(halves[1]), total >= 0 else { return nil }
      self.total = total
    }
    if halves[0] != "*" {
      let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
        return nil
      }
      self.first = first
      self.last = last
    }
  }
}

/// The validator to send back as `If-Range` (RFC 9110 13.1.5): a strong
/// ETag, else a Last-Modified date only when it is a strong validator, that
/// is, at least one second older than the answer's Date (8.8.2.2): a file
/// changed twice within one second keeps its date, and resuming across that
/// would splice two versions.
enum DownloadValidator {
  static func of(_ headers: [String: String]) -> String? {
    if let tag = headers["etag"]?.trimmingCharacters(in: .whitespaces), tag.hasPrefix("\"") {
      return tag
    }
    guard let modified = headers["last-modified"], let modifiedDate = httpDate(modified),
      let sent = headers["date"].flatMap(httpDate), sent.timeIntervalSince(modifiedDate) >= 1
    else { return nil }
    return modified
  }

  /// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the only form a
  /// server may send today.
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
  }
}
