/// One library folder on this computer, as Preferences lists it.
public struct LocalFolder: Equatable, Sendable, Identifiable {
  /// Its library id: the one the listening database keeps for the folder
  /// (`LocalLibraryState.libraryIDs`), else `LocalLibraryID.forFolder(path)`.
  public var id: Int
  /// Absolute path.
  public var path: String

  public init(id: Int, path: String) {
    self.id = id
    self.path = path
  }

  /// The folder's own name, as the Library page titles it.
  public var name: String {
    let name = path.pathName
    return name.isEmpty ? path : name
  }
}

/// What the last scan of one folder found.
public struct LocalFolderScan: Equatable, Sendable {
  public var libraryID: Int
  public var path: String
  public var books: Int
  /// What was left out, and why, in the listener's words.
  public var skipped: [LocalScanSkip]
  /// False when the folder was missing (an unplugged drive): its books are
  /// the ones last seen, shown as unavailable, nothing forgotten.
  public var available: Bool

  public init(libraryID: Int, path: String, books: Int, skipped: [LocalScanSkip], available: Bool) {
    self.libraryID = libraryID
    self.path = path
    self.books = books
    self.skipped = skipped
    self.available = available
  }
}

/// The library folders on this computer and how their scans went. The
/// books themselves are the scan's, answered by the library services like
/// a server's; the store keeps what the pages say about the folders.
public struct LocalLibraryState: Equatable, Sendable {
  /// In the order Preferences lists them; empty until settings are read.
  public var folders: [LocalFolder] = []
  /// Each folder's library id as the listening database keeps it, by
  /// path: a folder recognised as a renamed library has that library's id
  /// here; a folder not listed takes its path's hash (every folder did
  /// before ids were kept, so those ids stay what they were).
  public var libraryIDs: [String: Int] = [:]
  /// Each folder's last scan, by library id.
  public var scans: [Int: LocalFolderScan] = [:]
  /// Audio files read so far of those to read, while a scan runs.
  public var progress: LocalScanCount?
  /// True from asking for a scan until it has reported every folder.
  public var scanning = false
  /// Counts "Choose a Folder…" presses: the window opens its chooser on
  /// each change (a request, not a state the chooser could get stuck in).
  public var chooserRequests = 0
  /// Files or folders dropped or pasted, waiting for the listener to say
  /// whether to copy them or add them where they are.
  public var offer: LocalLibraryOffer?
  /// Counts offers made (each one's serial).
  public var offersMade = 0
  /// Items being copied into a library folder (0 when none).
  public var copying = 0
  /// How the last copy ended, and how many have (the toast's serial).
  public var lastCopy: LocalCopyOutcome?
  public var copiesFinished = 0

  public init() {}

  /// Whether the folder of `libraryID` was missing at its last scan.
  public func isMissing(_ libraryID: Int) -> Bool { scans[libraryID]?.available == false }

  /// Books found across every folder (missing ones count what they had).
  public var bookCount: Int { scans.values.reduce(0) { $0 + $1.books } }

  /// Everything the scans left out, folder by folder, each naming the
  /// library folder it is in.
  public var skipped: [LocalScanSkip] {
    folders.flatMap { folder in
      (scans[folder.id]?.skipped ?? []).filter { $0.reason != LocalScanSkip.missingLibrary }.map {
        LocalScanSkip(relPath: $0.relPath, reason: $0.reason, folder: folder.path)
      }
    }
  }
}

/// Audio files read of those a scan has to read.
public struct LocalScanCount: Equatable, Sendable {
  public var done: Int
  public var total: Int

  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}
