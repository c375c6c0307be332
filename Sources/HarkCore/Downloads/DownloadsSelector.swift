import Foundation

/// One book on the Downloads page.
public struct DownloadRow: Equatable, Sendable {
  /// Waiting rows that can move earlier or later in the queue.
  public var canMoveEarlier = false
  public var canMoveLater = false
  public var key: LibraryPath
  public var title: String
  /// What the listener wants to know in this section: bytes, speed and
  /// time left while downloading; the reason when failed; the size when done.
  public var detail: String
  /// 0…1 while downloading or paused; nil when there is no measure.
  public var fraction: Double?
  public var status: DownloadStatus
}

/// The Downloads page: its sections in the order a listener scans them.
public struct DownloadsPageView: Equatable, Sendable {
  public var downloading: [DownloadRow] = []
  /// Waiting their turn, paused ones included, in queue order.
  public var queued: [DownloadRow] = []
  public var failed: [DownloadRow] = []
  public var downloaded: [DownloadRow] = []
  /// "Downloads use 1.2 GB · 40 GB free on this disk".
  public var storage = ""
  /// Why nothing moves: offline, or a metered connection not allowed.
  public var waiting: String?
}

/// All the Downloads page reads: `memoized(selectDownloadsPageInput,
/// selectDownloadsPage)` works it out only when a download changes, not at
/// every second a book plays.
public struct DownloadsPageInput: Equatable, Sendable {
  public var downloads: DownloadsState
  public var downloadOnMetered: Bool
}

public func selectDownloadsPageInput(_ s: AppState) -> DownloadsPageInput {
  DownloadsPageInput(downloads: s.downloads, downloadOnMetered: s.settings.downloadOnMetered)
}

public func selectDownloadsPage(_ s: AppState) -> DownloadsPageView {
  selectDownloadsPage(selectDownloadsPageInput(s))
}

/// "“Title” deleted", while a deleted download can still come back.
public func selectDownloadUndo(_ s: AppState) -> String? {
  s.downloads.undoable.map { trFormat("“%@” deleted", displayTitle($0)) }
}

public func selectDownloadsPage(_ input: DownloadsPageInput) -> DownloadsPageView {
  let downloads = input.downloads
  var view = DownloadsPageView()
  let queueOrder = Dictionary(downloads.order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  let entries = downloads.entries.values.sorted { $0.requestedAt < $1.requestedAt }
  for entry in entries {
    switch entry.status {
    case .downloading:
      view.downloading.append(downloadingRow(entry, downloads.transfers[entry.key]))
    case .queued, .paused:
      view.queued.append(waitingRow(entry))
    case .error:
      view.failed.append(row(entry, detail: entry.message ?? DownloadFailure.network("").listenerText))
    case .downloaded:
      view.downloaded.append(row(entry, detail: formatBytes(onDisk(entry))))
    }
  }
  view.queued.sort { (queueOrder[$0.key] ?? .max) < (queueOrder[$1.key] ?? .max) }
  for index in view.queued.indices {
    view.queued[index].canMoveEarlier = index > 0
    view.queued[index].canMoveLater = index < view.queued.count - 1
  }
  view.downloaded.sort { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
  let used = downloads.entries.values.filter { $0.status == .downloaded }.reduce(Int64(0)) { $0 + onDisk($1) }
  view.storage = trFormat("Downloads use %@", formatBytes(used))
    + (downloads.freeBytes.map { trFormat(" · %@ free on this disk", formatBytes($0)) } ?? "")
  if !view.downloading.isEmpty || !view.queued.isEmpty {
    if !downloads.network.online {
      view.waiting = tr("Downloads wait for a network connection and go on by themselves.")
    } else if downloads.network.metered, !input.downloadOnMetered {
      view.waiting = tr("Downloads wait while this connection is metered. Preferences can allow them.")
    }
  }
  return view
}

/// What signing out of a server would leave behind: its downloads, as the
/// sign-out question says them ("3 books, 1.2 GB"); nil when none.
public func selectServerDownloads(_ s: AppState, serverID: String) -> String? {
  let entries = s.downloads.entries.values.filter { $0.key.serverID == serverID }
  guard !entries.isEmpty else { return nil }
  let bytes = entries.reduce(Int64(0)) { $0 + onDisk($1) }
  // TRANSLATORS: what signing out leaves behind, e.g. "3 books, 1.2 GB".
  return String(
    format: trPlural("%1$d book, %2$@", "%1$d books, %2$@", entries.count), entries.count, formatBytes(bytes))
}

/// What the Book page's download button says and does for the book shown.
public struct BookDownloadView: Equatable, Sendable {
  public enum Action: Equatable, Sendable { case download, pause, resume, retry, delete }
  /// The book the button acts on.
  public var book: LibraryPath
  public var label: String
  /// The tooltip and accessible description: the state in words.
  public var detail: String
  public var action: Action
  /// 0…1 while downloading.
  public var fraction: Double?
}

/// Nil when the book is not loaded (nothing to download yet).
public func selectBookDownload(_ s: AppState) -> BookDownloadView? {
  // A book on this computer is already here: nothing to download.
  guard let path = s.library.book, !path.isLocal else { return nil }
  guard let entry = s.downloads.entry(path) else {
    guard case .loaded? = s.library.books[path], s.downloads.root != nil else { return nil }
    return BookDownloadView(
      book: path, label: tr("Download"), detail: tr("Keep this book on this computer to listen offline"), action: .download)
  }
  switch entry.status {
  case .downloading:
    let fraction = progressFraction(entry, s.downloads.transfers[entry.key])
    return BookDownloadView(
      book: path, label: tr("Pause Download"), detail: trFormat("Downloading, %d %%", Int((fraction ?? 0) * 100)), action: .pause,
      fraction: fraction ?? 0)
  case .queued:
    let detail = s.connections.unreachable.contains(entry.key.serverID)
      ? tr("Waiting for the server to answer again") : tr("Waiting to download")
    return BookDownloadView(book: path, label: tr("Pause Download"), detail: detail, action: .pause)
  case .paused:
    return BookDownloadView(book: path, label: tr("Resume Download"), detail: tr("Download paused"), action: .resume)
  case .error:
    return BookDownloadView(
      book: path, label: tr("Retry Download"), detail: entry.message ?? tr("The download failed"), action: .retry)
  case .downloaded:
    return BookDownloadView(
      book: path, label: tr("Delete Download"), detail: tr("Downloaded: plays without a connection"), action: .delete)
  }
}

private func row(_ entry: DownloadEntry, detail: String, fraction: Double? = nil) -> DownloadRow {
  DownloadRow(key: entry.key, title: displayTitle(entry), detail: detail, fraction: fraction, status: entry.status)
}

private func displayTitle(_ entry: DownloadEntry) -> String {
  let title = trimUnicodeWhitespace(entry.book.title)
  return title.isEmpty ? entry.key.path : title
}

private func downloadingRow(_ entry: DownloadEntry, _ transfer: DownloadTransfer?) -> DownloadRow {
  let total = entry.expectedBytes
  let bytes = transfer?.bytes ?? completedBytes(entry)
  var parts = [total > 0 ? trFormat("%1$@ of %2$@", formatBytes(bytes), formatBytes(total)) : formatBytes(bytes)]
  if let speed = transfer?.bytesPerSecond, speed > 0 {
    parts.append(trFormat("%@/s", formatBytes(Int64(speed))))
    if total > bytes { parts.append(trFormat("%@ left", formatCountdown(Double(total - bytes) / speed))) }
  }
  return row(entry, detail: parts.joined(separator: " · "), fraction: progressFraction(entry, transfer) ?? 0)
}

private func waitingRow(_ entry: DownloadEntry) -> DownloadRow {
  let total = entry.expectedBytes
  let done = completedBytes(entry)
  let size = total > 0 ? formatBytes(total) : ""
  let state = entry.status == .paused ? tr("Paused") : tr("Waiting")  // for its turn, the network or its server
  let detail = [state, done > 0 && total > 0 ? trFormat("%1$@ of %2$@", formatBytes(done), size) : size]
    .filter { !$0.isEmpty }.joined(separator: " · ")
  return row(entry, detail: detail, fraction: total > 0 && done > 0 ? Double(done) / Double(total) : nil)
}

/// The bytes of whole files.
private func completedBytes(_ entry: DownloadEntry) -> Int64 {
  entry.files.filter(\.complete).reduce(0) { $0 + max(0, $1.size) }
}

/// A downloaded book's size as the server gave it.
private func onDisk(_ entry: DownloadEntry) -> Int64 { entry.files.reduce(0) { $0 + max(0, $1.size) } }

private func progressFraction(_ entry: DownloadEntry, _ transfer: DownloadTransfer?) -> Double? {
  let total = entry.expectedBytes
  guard total > 0 else { return nil }
  return min(1, Double(transfer?.bytes ?? completedBytes(entry)) / Double(total))
}

/// Where each download stands, for the desktop notifications: a book that
/// was downloading and now is downloaded or failed is news when the window
/// is away.
public struct DownloadStanding: Equatable, Sendable {
  public var title: String
  public var status: DownloadStatus
  /// The reason, when it failed.
  public var message: String?
}

public func selectDownloadStandings(_ s: AppState) -> [LibraryPath: DownloadStanding] {
  s.downloads.entries.mapValues { entry in
    DownloadStanding(title: displayTitle(entry), status: entry.status, message: entry.message)
  }
}
