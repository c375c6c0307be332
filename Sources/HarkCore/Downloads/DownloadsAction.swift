import Foundation

/// Events about downloads: the listener's buttons, the downloader's reports,
/// the registry read at start and the network.
public enum DownloadsAction: Equatable, Sendable {
  /// Hark started: read the registry (`loadDownloadRegistry`). `root` is
  /// the downloads folder Preferences names, nil for the default.
  case launched(root: URL?)
  /// The registry as stored, read at start. `missingFiles` are downloaded
  /// books whose files are no longer all on disk; `root` is where new
  /// downloads go.
  case registryLoaded([DownloadEntry], missingFiles: Set<LibraryPath>, root: URL)
  /// Download (on the Book page). The book must be loaded.
  case requested(LibraryPath, at: Date)
  /// The server accepted file `file`'s request; the bytes about to arrive
  /// are the version `validator` names (kept, so a resume after a kill
  /// asks for exactly that version's rest).
  case fileStarted(LibraryPath, file: Int, validator: String?)
  /// `bytesOnDisk` of file `file` are written.
  case progressed(LibraryPath, file: Int, bytesOnDisk: Int64, at: Date)
  /// File `file` is whole, its length checked.
  case fileSaved(LibraryPath, file: Int, validator: String?)
  /// Every file is whole; `cover` is the saved cover's name, nil without one.
  case finished(LibraryPath, cover: String?, at: Date)
  /// The download stopped short (after the downloader's own retries).
  case failed(LibraryPath, DownloadFailure)
  case pauseRequested(LibraryPath)
  case resumeRequested(LibraryPath)
  /// Move a waiting download one place earlier (`earlier`) or later in the queue.
  case moveRequested(LibraryPath, earlier: Bool)
  /// Stop a download that is not finished and forget its files.
  case cancelRequested(LibraryPath)
  case retryRequested(LibraryPath)
  /// Delete a downloaded book; undoable for `downloadUndoTime`.
  case deleteRequested(LibraryPath)
  case deleteUndone
  /// Preferences: new downloads go to `folder` (the ones made stay put).
  case folderChosen(URL)
  /// Signing out of a server, the listener chose to remove its downloads.
  case serverDownloadsRemoved(serverID: String)
  /// The disk downloads go to has `free` bytes left.
  case diskSpaceMeasured(free: Int64)
  /// The network came or went, or became (un)metered.
  case networkChanged(online: Bool, metered: Bool)
}

/// How long a deleted download can be brought back.
public let downloadUndoTime: Duration = .seconds(5)

extension TimerID {
  /// The undo time of a deleted download ran out: its files go.
  public static let downloadDeleteExpired = TimerID("downloads.delete-expired")
}
