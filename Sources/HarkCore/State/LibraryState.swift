/// What the Library page has loaded for browsing. Servers and their
/// libraries live in `ConnectionsState`; browsing state arrives with the
/// Library page issue.
public struct LibraryState: Equatable, Sendable {
  public init() {}
}
