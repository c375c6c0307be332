import Foundation

/// One file the downloader finished: every byte the server has is on disk.
public struct DownloadedFile: Equatable, Sendable {
  /// The file's length on disk, equal to the server's and the expected size.
  public var bytes: Int64
  /// What to send as `If-Range` to check the file is still the server's
  /// current version (a strong ETag, else a Last-Modified date that is a
  /// strong validator); nil when the server gave none.
  public var validator: String?

  public init(bytes: Int64, validator: String?) {
    self.bytes = bytes
    self.validator = validator
  }
}
