/// The downloads part of the state. A later issue fills it from the download manager.
public struct DownloadsState: Equatable, Sendable {
  /// Downloaded and downloading books, in the order they were requested.
  public var items: [DownloadSummary]

  /// No downloads unless given.
  public init(items: [DownloadSummary] = []) {
    self.items = items
  }
}

/// One book on the downloads page.
public struct DownloadSummary: Equatable, Sendable {
  /// The content key `"{connectionId}:{libraryId}:{path}"`, unique per book per server.
  public var key: String
  /// The book's title.
  public var title: String
  /// How much is stored, from 0 to 1.
  public var progress: Double

  /// A download with the given key, title and progress.
  public init(key: String, title: String, progress: Double) {
    self.key = key
    self.title = title
    self.progress = progress
  }
}
