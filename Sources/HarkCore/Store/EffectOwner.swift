/// Who performs an effect. Every effect has exactly one owner, and the
/// switch below is exhaustive, so a new effect cannot be added without
/// naming who runs it, and none is run twice or dropped unseen (the runners
/// used to be handed every effect and each ignored what it did not know).
public enum EffectOwner: Equatable, Sendable {
  /// The effect runner's own timers.
  case timers
  /// GSettings.
  case settings
  /// Servers, sign-in, the keyring and the server list.
  case connections
  /// Folders, books, book lists, the home shelves and search.
  case library
  /// A book's favourite, bookmarks, notes, finished state and metadata.
  case bookExtras
  /// The player: engine, saves, resume lookups.
  case playback
  /// The downloader, the registry and the downloaded files.
  case downloads
  /// The local-library scanner and its index.
  case localLibrary
}

extension Effect {
  public var owner: EffectOwner {
    switch self {
    case .startTimer, .cancelTimer: .timers
    case .persistSetting, .persistLayout, .persistDownloadsFolder, .persistLocalFolders: .settings
    case .checkServer, .signIn, .loadLibraries, .signOut, .saveServers, .saveRememberedServers, .probeServers,
      .loadAPIKeys, .createAPIKey, .revokeAPIKey, .keepSignInInFile, .restoreServers, .flushProgress, .seedProgress:
      .connections
    case .browseFolder, .loadBook, .loadBooksPage, .loadHome, .describeBooks, .search: .library
    case .loadBookExtras, .setFavourite, .saveProgress, .addBookmark, .deleteBookmark, .addNote, .deleteNote:
      .bookExtras
    case .playback, .engine: .playback
    case .runDownload, .stopDownload, .saveDownload, .deleteDownload, .measureDiskSpace, .loadDownloadRegistry:
      .downloads
    case .scanLocalLibrary, .copyIntoLibrary: .localLibrary
    }
  }
}
