/// What the Library and Book pages show and what has been loaded for them.
/// Servers and their libraries live in `ConnectionsState`.
public struct LibraryState: Equatable, Sendable {
  /// The folder the Library page shows; nil shows the home overview.
  public var folder: LibraryPath?
  /// Every page of each folder visited, drained (so sorting, an A–Z jump
  /// and a filter see the whole folder).
  public var folders: [LibraryPath: Loadable<[FsEntry]>] = [:]
  /// The filter typed above the folder's rows; cleared on leaving it.
  public var folderFilter = ""
  /// The book the Book page shows.
  public var book: LibraryPath?
  /// What "back" last left (a book, or a folder when going up): its row
  /// takes the keyboard focus in the folder shown, as in Files.
  public var cameBackFrom: CameBackFrom?
  /// Each book opened, with its files and chapters.
  public var books: [LibraryPath: Loadable<Book>] = [:]
  /// The listener's own state for each book opened.
  public var extras: [LibraryPath: BookExtras] = [:]
  /// The home shelves' data per server.
  public var home: [String: HomeShelves] = [:]
  /// Each server's favourites as listed (titles for the Favourites shelf).
  public var favouriteEntries: [String: [Favourite]] = [:]
  /// "All Books" for a library, while shown.
  public var bookList: BookListState?
  public var layout: BookLayout = .grid
  /// Search, while the search bar is open.
  public var search: SearchState?
  /// Each server's favourites, once loaded.
  public var favourites: [String: Set<FavouriteKey>] = [:]

  public init() {}

  /// Drops everything loaded from one server (signed out, forgotten).
  mutating func forget(serverID: String) {
    if folder?.serverID == serverID { folder = nil }
    if book?.serverID == serverID { book = nil }
    folders = folders.filter { $0.key.serverID != serverID }
    books = books.filter { $0.key.serverID != serverID }
    extras = extras.filter { $0.key.serverID != serverID }
    favourites[serverID] = nil
    search?.results[serverID] = nil
    home[serverID] = nil
    if bookList?.query.serverID == serverID { bookList = nil }
    favouriteEntries[serverID] = nil
  }
}

/// The row "back" returns to; the serial tells two returns to one row apart.
public struct CameBackFrom: Equatable, Sendable {
  public var target: LibraryPath
  public var serial: Int

  public init(target: LibraryPath, serial: Int) {
    self.target = target
    self.serial = serial
  }
}
