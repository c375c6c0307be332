/// Browsing a library and opening a book.
public enum LibraryAction: Equatable, Sendable {
  /// A library picked on the home overview: show its root folder.
  case libraryOpened(serverID: String, libraryID: Int)
  /// A folder row or a breadcrumb.
  case folderOpened(LibraryPath)
  /// Every page of the folder, or why it could not be read.
  case folderLoaded(LibraryPath, Result<[FsEntry], FailureMessage>)
  /// Back to the overview of servers and libraries.
  case homeRequested
  /// A book row: the Book page shows it.
  case bookOpened(LibraryPath)
  case bookLoaded(LibraryPath, Result<Book, FailureMessage>)
  /// "Try Again" on a folder or book that failed to load.
  case retryRequested(LibraryPath)
}
