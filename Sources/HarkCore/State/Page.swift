/// The top-level pages of the main window, in the order the view switcher shows them.
public enum Page: String, CaseIterable, Sendable, Equatable {
  case library, book, player, downloads

  /// The label shown in the view switcher. In the "page" context: "Player"
  /// is the page that plays, not a person, and "Book" names a page.
  public var title: String {
    switch self {
    case .library: trContext("page", "Library")
    case .book: trContext("page", "Book")
    case .player: trContext("page", "Player")
    case .downloads: trContext("page", "Downloads")
    }
  }

  /// A symbolic icon name. Each one ships with the Adwaita icon theme on Debian 12,
  /// so the switcher never falls back to the "missing image" icon.
  public var iconName: String {
    switch self {
    case .library: "view-grid-symbolic"
    case .book: "accessories-dictionary-symbolic"
    case .player: "media-playback-start-symbolic"
    case .downloads: "folder-download-symbolic"
    }
  }

  /// The page after this one, wrapping from the last back to the first.
  public var next: Page {
    let all = Page.allCases
    let index = all.firstIndex(of: self)!
    return all[(index + 1) % all.count]
  }

  /// The page before this one, wrapping from the first round to the last.
  public var previous: Page {
    let all = Page.allCases
    let index = all.firstIndex(of: self)!
    return all[(index + all.count - 1) % all.count]
  }
}
