import Foundation

/// Why one file of a download stopped, as the downloader reports it and the
/// downloads reducer words it for the listener.
public enum DownloadFailure: Error, Equatable, Sendable {
  /// The server answered with a status that is not the file (404, 500…).
  case server(status: Int)
  /// No answer in time, or the connection broke: worth retrying.
  case network(String)
  /// The stream ended with a length other than the server promised.
  case sizeMismatch(expected: Int64, received: Int64)
  /// The disk (or the listener's quota) is full.
  case diskFull
  /// The file could not be written for another reason (permissions, a
  /// removed folder); the system's words.
  case cannotWrite(String)
  /// Paused, cancelled or deleted by the listener: not an error to show.
  case cancelled

  /// Whether trying again later may help (the back-off and the wait for the
  /// network apply); a full disk or a 404 does not mend itself.
  public var isRetryable: Bool {
    switch self {
    case .network, .sizeMismatch: true
    case .server(let status): status == 408 || status == 429 || status >= 500
    case .diskFull, .cannotWrite, .cancelled: false
    }
  }

  /// One sentence for the Downloads page.
  public var listenerText: String {
    switch self {
    case .server(401), .server(403):
      tr("The server no longer lets this account download the book. Sign in again, then retry.")
    case .server(404), .server(410):
      tr("The server no longer has this book's files.")
    case .server(let status) where status >= 500:
      trFormat("The server ran into a problem (error %d). Try again later.", status)
    case .server(let status):
      trFormat("The server refused the download (error %d).", status)
    case .network:
      tr("The connection to the server was lost.")
    case .sizeMismatch:
      tr("A file arrived incomplete.")
    case .diskFull:
      tr("There is no space left on the disk for this download. Free some space, then retry.")
    case .cannotWrite(let reason):
      trFormat("The download could not be saved (%@).", reason)
    case .cancelled:
      tr("The download was stopped.")
    }
  }
}
