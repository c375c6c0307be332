/// Everything about one book that is the listener's own, loaded when the
/// Book page opens it: where they are, their bookmarks, notes and listening
/// history, and the server's community metadata.
public struct BookExtras: Equatable, Sendable {
  /// From the server, the local mirror and the offline queue together.
  public var resume: ResumeLookup?
  public var bookmarks: Loadable<[Bookmark]> = .loading
  public var notes: Loadable<[Note]> = .loading
  public var history: Loadable<[HistoryEntry]> = .loading
  /// Nil while not offered: the server has no `metadata` capability, the
  /// metadata service answered 502, or the book was not matched.
  public var meta: BookMeta?
  /// The listener asked to see characters and recaps past their place.
  public var revealsSpoilers = false
  /// The last change that did not reach the server, said once.
  public var error: String?

  public init() {}
}

/// A favourite as the server lists it, reduced to what identifies it.
public struct FavouriteKey: Hashable, Sendable {
  public var libraryID: Int
  public var path: String

  public init(libraryID: Int, path: String) {
    self.libraryID = libraryID
    self.path = path
  }
}
