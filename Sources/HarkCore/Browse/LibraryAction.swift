/// Browsing a library and opening a book.
public enum LibraryAction: Equatable, Sendable {
  /// A library picked on the home overview: show its root folder.
  case libraryOpened(serverID: String, libraryID: Int)
  /// A folder row or a breadcrumb.
  case folderOpened(LibraryPath)
  /// The listener typed in the folder's filter box ("" clears it).
  case folderFilterChanged(String)
  /// Every page of the folder, or why it could not be read.
  case folderLoaded(LibraryPath, Result<[FsEntry], FailureMessage>)
  /// Back to the overview of servers and libraries.
  case homeRequested
  /// A book row: the Book page shows it.
  case bookOpened(LibraryPath)
  case bookLoaded(LibraryPath, Result<Book, FailureMessage>)
  /// "Try Again" on a folder or book that failed to load.
  case retryRequested(LibraryPath)

  // The listener's own state for a book (see `BookExtras`).
  case resumeLoaded(LibraryPath, ResumeLookup)
  case bookmarksLoaded(LibraryPath, Result<[Bookmark], FailureMessage>)
  case notesLoaded(LibraryPath, Result<[Note], FailureMessage>)
  case historyLoaded(LibraryPath, Result<[HistoryEntry], FailureMessage>)
  /// Nil: no metadata to show (unmatched, 502, or not offered).
  case metaLoaded(LibraryPath, BookMeta?)
  case favouritesLoaded(serverID: String, Result<[Favourite], FailureMessage>)

  case favouriteToggled(LibraryPath)
  case finishedToggled(LibraryPath)
  case bookmarkAddRequested(LibraryPath, position: Double, note: String)
  case bookmarkDeleteRequested(LibraryPath, id: Int)
  case noteAddRequested(LibraryPath, body: String)
  case noteDeleteRequested(LibraryPath, id: Int)
  case spoilersRevealed(LibraryPath, Bool)
  /// A change to bookmarks, notes, favourites or progress failed.
  case changeFailed(LibraryPath, FailureMessage)
  case errorDismissed(LibraryPath)

  case homeProgressLoaded(serverID: String, Result<[ProgressRow], FailureMessage>)
  case homeRecentLoaded(serverID: String, Result<[Book], FailureMessage>)
  /// Details for a book on the Continue Listening shelf.
  case homeBookDescribed(serverID: String, Book)

  /// "All Books" for a library: a flat list in pages.
  case allBooksOpened(serverID: String, libraryID: Int)
  case allBooksClosed
  /// A Book page's "More by …" or "More in …": that library's books by one
  /// author or in one series; Back returns to the Book page.
  case filteredBooksOpened(BookListQuery)
  case bookSortChanged(BookSort)
  case bookFilterChanged(author: String?, series: String?)
  /// Scrolled near the end of what is loaded.
  case moreBooksRequested
  /// Try Again after a page of books failed: the first page again, or the
  /// page that failed.
  case booksRetryRequested
  case booksPageLoaded(BookListQuery, Result<BooksPage, FailureMessage>)
  case layoutChanged(BookLayout)
  /// The layout last chosen, read from GSettings at start (not written back).
  case layoutLoaded(BookLayout)

  /// Ctrl+F, "/", or the search button.
  case searchRequested
  case searchChanged(String)
  case searchClosed
  case searchAnswered(query: String, serverID: String, Result<[Book], FailureMessage>)
}
