/// Events about the library folders on this computer.
public enum LocalLibraryAction: Equatable, Sendable {
  /// The folders as settings list them (at start, or changed elsewhere);
  /// the default folder when none is set. Starts a scan.
  case foldersLoaded([String])
  /// The library id the listening database keeps for each folder scanned
  /// (by path). A folder listed for the first time whose files are those
  /// of a library whose folder is gone has that library's id (a renamed
  /// folder: its books keep their places); the gone folder's old path,
  /// in `renamedFrom`, leaves the list.
  case foldersIdentified([String: Int], renamedFrom: [String])
  /// "Choose a Folder…": the window opens its folder chooser.
  case folderChooserRequested
  /// Files or folders dropped on the window or pasted into it: the window
  /// asks whether to copy them into a library folder or add them in place.
  case itemsOffered([LocalLibraryOffer.Item])
  /// The listener's answer to the offer.
  case offerAnswered(LocalOfferAnswer)
  /// A copy into a library folder ended (whole items only: nothing half
  /// copied is ever left there).
  case copyFinished(LocalCopyOutcome)
  /// The listener picked a folder (Preferences, or the first-run page).
  case folderChosen(String)
  /// A library folder renamed where it is (seen in its parent folder):
  /// the list follows it, in its place, and its books keep their id.
  case folderMoved(from: String, to: String)
  /// Preferences' remove button on a folder (by library id).
  case folderRemoved(Int)
  /// Preferences' "Scan Again", or a folder changed on disk.
  case rescanRequested
  case scanProgressed(done: Int, total: Int)
  /// A folder's first scan has found `books` books so far (a batch; the
  /// library services have them already): they show before it ends.
  case booksFound(libraryID: Int, path: String, books: Int)
  /// One folder done (its books are with the library services already).
  case folderScanned(LocalFolderScan)
  /// Every folder asked for has reported.
  case scanFinished
}
