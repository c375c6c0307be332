import Foundation

/// Names a timer, so a later effect can replace or cancel it and the reducer can
/// tell which one fired.
public struct TimerID: Hashable, Sendable {
  /// Every 20 s while any server is unreachable (REFERENCE-BEHAVIOR §16).
  public static let reachabilityProbe = TimerID("reachability-probe")

  /// A stable name, e.g. "autosave".
  public let name: String

  /// A timer id called `name`.
  public init(_ name: String) {
    self.name = name
  }
}

/// Work the reducer asks for. Effects are plain values so tests can compare
/// them; an `EffectRunning` performs them and reports back with actions.
public enum Effect: Equatable, Sendable {
  /// Write one setting to GSettings.
  case persistSetting(SettingsKey, Double)
  /// Start a timer that fires after `after`, and every `after` again if
  /// `repeating`. Replaces a running timer with the same id.
  case startTimer(TimerID, after: Duration, repeating: Bool)
  /// Stop a timer; nothing happens if it is not running.
  case cancelTimer(TimerID)
  /// Ask `/server` who this is (the start of Add Server).
  case checkServer(URL)
  /// Get a session token, keep it in the keyring, load the server's libraries.
  case signIn(SignInMethod, ServerPreview)
  /// Ask who answers at the address, then read its libraries and what it
  /// offers. Like every effect that needs a server's client, it carries
  /// what the store knows of the server (`ServerAccess`).
  case loadLibraries(ServerAccess)
  /// At start: read the saved servers, which of them the keyring still
  /// holds a token for, the servers signed out of and the book listened to
  /// last; each comes back as an action.
  case restoreServers
  /// Send the server's queued saves (`ProgressSyncer.flush`); answer with
  /// `.progressFlushed`. Also a sign-out's first step: the token goes only
  /// once this is answered, so no unsent place is lost.
  case flushProgress(serverID: String)
  /// Refresh the listening mirror from the server's progress (offline
  /// use); answer with `.progressSeeded`.
  case seedProgress(serverID: String)
  /// Revoke the token on the server, then forget it locally. The store
  /// asks for it once the server's unsent places were sent, or kept for
  /// later (`flushProgress` first).
  case signOut(ServerAccess)
  /// Write the (secret-free) list of servers to disk.
  case saveServers([ServerConnection])
  /// Write the servers signed out of (addresses and names only).
  case saveRememberedServers([RememberedServer])
  /// Ask each of these unreachable servers whether it answers again.
  case probeServers([ServerAccess])
  case loadAPIKeys(ServerAccess)
  /// Create a key; its secret goes to the keyring and is shown once.
  case createAPIKey(ServerAccess, label: String)
  case revokeAPIKey(ServerAccess, id: Int)
  /// Remember the private-file opt-in and, while no keyring answers, move
  /// the sign-ins between memory and the file.
  case keepSignInInFile(Bool)
  /// Read every page of a folder (offset pages, drained). This and the
  /// other browsing effects carry where they are answered (`Reach`).
  case browseFolder(LibraryPath, Reach)
  /// Read one book with its files and chapters.
  case loadBook(LibraryPath, Reach)
  /// Read the listener's state for a book: resume, bookmarks, notes,
  /// history; the server's favourites when not loaded yet; community
  /// metadata when the server offers it. This and the Book page's changes
  /// carry where they are answered (`Reach`).
  case loadBookExtras(LibraryPath, Reach, favourites: Bool, metadata: Bool)
  case setFavourite(LibraryPath, Reach, Bool)
  /// Save a position through the durable mirror and the sync queue.
  case saveProgress(LibraryPath, position: Double, duration: Double, finished: Bool)
  case addBookmark(LibraryPath, Reach, position: Double, note: String)
  case deleteBookmark(LibraryPath, Reach, id: Int)
  case addNote(LibraryPath, Reach, body: String)
  case deleteNote(LibraryPath, Reach, id: Int)
  /// The player session's saves, resume lookups and messages: the part of
  /// its commands the app runs as they are (its engine work is `engine`,
  /// its timers `startTimer`/`cancelTimer`, `playbackEffects`).
  case playback(PlaybackWork)
  /// The session's engine work. A command that names tracks (load, swap)
  /// carries the book they belong to, so the app can turn them into
  /// sources without reading the store; the others carry nil.
  case engine(EngineCommand, book: EngineBook?)
  /// Remember the All Books layout (GSettings `book-layout`).
  case persistLayout(BookLayout)
  /// Remember where new downloads go (GSettings `downloads-folder`).
  case persistDownloadsFolder(URL)
  /// One keyset page of a library's books.
  case loadBooksPage(BookListQuery, Reach, cursor: String?)
  /// Read a server's home shelves: all progress, recently added, favourites.
  case loadHome(Reach)
  /// Read these books' details (titles for Continue Listening).
  case describeBooks(Reach, [FavouriteKey])
  /// Search these sources for `query`, cancelling the search before it;
  /// an empty query only cancels.
  case search(String, [Reach])
  /// Download the entry's files that are not whole yet (resuming from the
  /// bytes on disk), then its cover; report back as `.downloads` actions.
  case runDownload(DownloadEntry, ServerAccess)
  /// Stop a running download; the bytes on disk stay for a resume.
  case stopDownload(LibraryPath)
  /// Write one registry entry (one transaction).
  case saveDownload(DownloadEntry)
  /// Remove a book's files and its registry entry.
  case deleteDownload(DownloadEntry)
  /// Measure the free space of the disk holding this downloads folder.
  case measureDiskSpace(URL)
  /// Read the downloads registry and check each downloaded book's files
  /// (answered by `.downloads(.registryLoaded)`); nil root: the default.
  case loadDownloadRegistry(root: URL?)
  /// Scan these library folders (unchanged files from the scan index),
  /// reporting progress and each folder as `.localLibrary` actions.
  case scanLocalLibrary([LocalFolder])
  /// Remember the library folders (GSettings `library-folders`).
  case persistLocalFolders([String])
  /// Copies files or folders into a library folder (each under a hidden
  /// name first, renamed into place once whole).
  case copyIntoLibrary([String], folder: String)
}
