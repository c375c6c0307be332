/// What a page shows while it has nothing to show (an `AdwStatusPage`).
public struct PageEmptyState: Equatable, Sendable {
  /// A symbolic icon name.
  public var iconName: String
  /// The headline.
  public var title: String
  /// One sentence on how to get content here.
  public var description: String
  /// The label of a button that leads somewhere useful, if any.
  public var actionLabel: String?
  /// What the button dispatches.
  public var action: Action?
  /// A second, plainer button (the first run offers two ways in).
  public var secondaryLabel: String?
  public var secondaryAction: Action?

  /// An empty state with every field given.
  public init(
    iconName: String, title: String, description: String,
    actionLabel: String? = nil, action: Action? = nil
  ) {
    self.iconName = iconName
    self.title = title
    self.description = description
    self.actionLabel = actionLabel
    self.action = action
  }
}

/// The empty state for `page`, or nil once the page has content to show.
public func selectEmptyState(_ s: AppState, page: Page) -> PageEmptyState? {
  switch page {
  case .library:
    // Once a server is connected or a folder holds books, the library's
    // own view owns what "empty" looks like.
    guard s.connections.servers.isEmpty, s.localLibrary.bookCount == 0 else { return nil }
    var empty = PageEmptyState(
      iconName: page.iconName, title: tr("No Audiobooks Yet"),
      description: firstRunDescription(s.localLibrary),
      actionLabel: tr("Choose a Folder…"), action: .localLibrary(.folderChooserRequested))
    empty.secondaryLabel = tr("Connect to a Server")
    empty.secondaryAction = .connections(.addServerRequested)
    return empty
  case .book:
    guard s.library.book == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: tr("No Book Selected"),
      description: tr("Choose a book in your library to see its chapters, bookmarks and notes."),
      actionLabel: tr("Browse Library"), action: .ui(.pageSelected(.library)))
  case .player:
    guard s.player.nowPlaying == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: tr("Nothing Playing"),
      description: tr("Pick a book to start listening. Your place is saved as you go."),
      actionLabel: tr("Browse Library"), action: .ui(.pageSelected(.library)))
  case .downloads:
    guard s.downloads.entries.isEmpty, s.downloads.undoable == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: tr("No Downloads"),
      description: tr("Download books to listen without a connection."))
  }
}

/// The first run: where Hark looked, and the two ways in.
private func firstRunDescription(_ local: LocalLibraryState) -> String {
  let ways = tr("Choose the folder that holds your audiobooks, or connect to your AudioSilo server.")
  if local.scanning, let folder = local.folders.last {
    if let progress = local.progress, progress.total > 0 {
      return trFormat("Looking for audiobooks in “%1$@”… %2$d of %3$d files", folder.name, progress.done, progress.total)
    }
    return trFormat("Looking for audiobooks in “%@”…", folder.name)
  }
  guard let folder = local.folders.first, local.folders.count == 1 else { return ways }
  // TRANSLATORS: %2$@ is "Choose the folder that holds your audiobooks, or connect to your AudioSilo server."
  return trFormat("There are no audiobooks in “%1$@” yet. %2$@", folder.path, ways)
}
