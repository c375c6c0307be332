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
      iconName: page.iconName, title: "No Audiobooks Yet",
      description: firstRunDescription(s.localLibrary),
      actionLabel: "Choose a Folder…", action: .localLibrary(.folderChooserRequested))
    empty.secondaryLabel = "Connect to a Server"
    empty.secondaryAction = .connections(.addServerRequested)
    return empty
  case .book:
    guard s.library.book == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: "No Book Selected",
      description: "Choose a book in your library to see its chapters, bookmarks and notes.",
      actionLabel: "Browse Library", action: .ui(.pageSelected(.library)))
  case .player:
    guard s.player.nowPlaying == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: "Nothing Playing",
      description: "Pick a book to start listening. Your place is saved as you go.",
      actionLabel: "Browse Library", action: .ui(.pageSelected(.library)))
  case .downloads:
    guard s.downloads.entries.isEmpty, s.downloads.undoable == nil else { return nil }
    return PageEmptyState(
      iconName: page.iconName, title: "No Downloads",
      description: "Download books to listen without a connection.")
  }
}

/// The first run: where Hark looked, and the two ways in.
private func firstRunDescription(_ local: LocalLibraryState) -> String {
  let ways = "Choose the folder that holds your audiobooks, or connect to your AudioSilo server."
  if local.scanning, let folder = local.folders.last {
    let counted = local.progress.map { $0.total > 0 ? " \($0.done) of \($0.total) files" : "" } ?? ""
    return "Looking for audiobooks in “\(folder.name)”…" + counted
  }
  guard let folder = local.folders.first, local.folders.count == 1 else { return ways }
  return "There are no audiobooks in “\(folder.path)” yet. " + ways
}
