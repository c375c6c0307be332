import Foundation

/// One connected server on the Library page, with its libraries.
public struct ServerSection: Equatable, Sendable, Identifiable {
  public enum Status: Equatable, Sendable {
    case online
    case offline
    case signedOut
  }

  public var id: String
  public var title: String
  /// "listener · books.example.com"
  public var subtitle: String
  public var status: Status
  public var libraries: Loadable<[LibrarySummary]>
  /// A line under each library's name, by id ("12 books", "Missing").
  public var libraryNotes: [Int: String] = [:]
  /// This computer only: what its folders' scans left out.
  public var skipped: [LocalScanSkip] = []
  /// This computer only: set while a scan runs ("Scanning… 12 of 40").
  public var scanning: String?

  public init(
    id: String, title: String, subtitle: String, status: Status, libraries: Loadable<[LibrarySummary]>
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.status = status
    self.libraries = libraries
  }

  /// Whether this is "This Computer" (its folders are managed in
  /// Preferences, not signed in to).
  public var isLocal: Bool { LocalSource.isLocal(id) }
}

/// This computer's folders (while it has any), then every connected
/// server in the order added.
public func selectLibraryOverview(_ s: AppState) -> [ServerSection] {
  let local = s.localLibrary.folders.isEmpty ? [] : [localSection(s.localLibrary)]
  return local + s.connections.servers.map { server in
    let status: ServerSection.Status =
      server.needsReconnect
      ? .signedOut : s.connections.unreachable.contains(server.serverID) ? .offline : .online
    let host = server.baseURL.hostAndPort
    return ServerSection(
      id: server.serverID, title: server.name,
      subtitle: [server.username, host].filter { !$0.isEmpty }.joined(separator: " · "),
      status: status, libraries: s.connections.libraries[server.serverID] ?? .loading)
  }
}

private func localSection(_ local: LocalLibraryState) -> ServerSection {
  var section = ServerSection(
    id: LocalSource.serverID, title: LocalSource.name, subtitle: tr("Library folders on this computer"),
    status: .online, libraries: .loaded(local.folders.map { LibrarySummary(id: $0.id, name: $0.name) }))
  for folder in local.folders {
    guard let scan = local.scans[folder.id] else {
      section.libraryNotes[folder.id] = local.scanning ? tr("Scanning…") : ""
      continue
    }
    let books = String(format: trPlural("%d book", "%d books", scan.books), scan.books)
    section.libraryNotes[folder.id] =
      scan.available
      ? books
      : String(
        format: trPlural("Missing — is its drive connected? %d book kept", "Missing — is its drive connected? %d books kept", scan.books),
        scan.books)
  }
  section.skipped = local.skipped
  if local.scanning {
    section.scanning =
      local.progress.map { $0.total > 0 ? trFormat("Scanning… %1$d of %2$d files", $0.done, $0.total) : tr("Scanning…") }
      ?? tr("Scanning…")
  }
  return section
}
