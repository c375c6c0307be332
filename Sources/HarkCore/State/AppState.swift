/// Everything the app knows, as one value. Split by concern so each reducer and
/// selector touches only its own part.
public struct AppState: Equatable, Sendable {
  /// Which page the window shows.
  public var navigation = NavigationState()
  /// The user's preferences.
  public var settings = Settings()
  /// What is playing, if anything.
  public var player = PlayerState()
  /// Connected servers and their books.
  public var library = LibraryState()
  /// Books stored for offline listening.
  public var downloads = DownloadsState()
  public var connections = ConnectionsState()
  /// The library folders on this computer ("This Computer").
  public var localLibrary = LocalLibraryState()

  /// The state at launch: library page, default settings, nothing loaded.
  public init() {}
}

/// Which page the window shows.
public struct NavigationState: Equatable, Sendable {
  /// The visible page.
  public var page: Page = .library

  /// Starts on `page`.
  public init(page: Page = .library) {
    self.page = page
  }
}
