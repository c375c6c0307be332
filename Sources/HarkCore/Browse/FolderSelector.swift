import Foundation

/// One row of a folder: a sub-folder to open or a book.
public struct FolderRow: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case folder
    case book
  }

  /// Changes whenever what the row shows changes, so a list view rebuilds
  /// exactly the rows that did (see `ListSplice`).
  public var id: String { "\(target.path)\u{1F}\(title)\u{1F}\(subtitle)\u{1F}\(needsServer ?? "")" }
  public var title: String
  public var subtitle: String
  public var kind: Kind
  public var target: LibraryPath
  /// The name on disk the folder is sorted by (and filed under a letter
  /// by); the title when not given.
  public var sortName: String
  /// A book that cannot play now (see `needsServerNotice`): shown dimmed,
  /// with this as its tooltip.
  public var needsServer: String?

  public init(
    title: String, subtitle: String, kind: Kind, target: LibraryPath, sortName: String? = nil,
    needsServer: String? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.kind = kind
    self.target = target
    self.sortName = sortName ?? title
    self.needsServer = needsServer
  }
}

/// One step of the path above a folder.
public struct Breadcrumb: Equatable, Sendable {
  public var title: String
  public var target: LibraryPath
}

/// The Library page while browsing a folder.
public struct FolderView: Equatable, Sendable {
  public var location: LibraryPath
  /// The library's name, then each folder down to this one.
  public var crumbs: [Breadcrumb]
  /// The rows that match `filter`, in natural order.
  public var rows: Loadable<[FolderRow]>
  /// What the listener typed in the folder's filter box; "" shows all.
  public var filter: String = ""
  /// How many rows the folder has before filtering (0 while loading).
  public var unfilteredCount: Int = 0
  /// Where each letter's rows start in `rows`, for the A–Z jump.
  public var jumps: [LetterJump] = []
  /// Set while the server is unreachable (see `offlineNotice`).
  public var offline: String?
  /// The row "back" returned to, when it is one of this folder's.
  public var cameBackFrom: CameBackFrom?
}

public func selectFolderView(_ s: AppState) -> FolderView? { folderView(from: libraryListsInput(s)) }

/// The folder from `libraryListsInput`'s part of the state.
public func folderView(from s: AppState) -> FolderView? {
  guard let location = s.library.folder, let server = s.source(location.serverID) else { return nil }
  var libraryName = server.name
  if case .loaded(let libraries)? = s.connections.libraries[location.serverID],
    let library = libraries.first(where: { $0.id == location.libraryID })
  {
    libraryName = library.name
  }
  var crumbs = [Breadcrumb(title: libraryName, target: location.at(""))]
  var walked: [String] = []
  for segment in location.path.split(separator: "/") where !segment.isEmpty {
    walked.append(String(segment))
    // A path names the folder on the server; its segment is shown as text.
    crumbs.append(Breadcrumb(title: displayable(String(segment)), target: location.at(walked.joined(separator: "/"))))
  }
  let rows: Loadable<[FolderRow]> =
    switch s.library.folders[location] ?? .loading {
    case .loading: .loading
    case .failed(let message): .failed(message)
    case .loaded(let entries): .loaded(markNeedingServer(s, folderRows(entries, in: location)))
    }
  let offline = offlineNotice(s, serverID: location.serverID)
  guard case .loaded(let all) = rows else {
    return FolderView(location: location, crumbs: crumbs, rows: rows, offline: offline)
  }
  let shown = filterFolderRows(all, query: s.library.folderFilter)
  let returned = s.library.cameBackFrom.flatMap { came in shown.contains { $0.target == came.target } ? came : nil }
  return FolderView(
    location: location, crumbs: crumbs, rows: .loaded(shown), filter: s.library.folderFilter,
    unfilteredCount: all.count, jumps: letterJumps(shown), offline: offline, cameBackFrom: returned)
}

/// Books that cannot play now carry why (folders open from the cache);
/// downloaded books say so.
func markNeedingServer(_ s: AppState, _ rows: [FolderRow]) -> [FolderRow] {
  rows.map { row in
    guard row.kind == .book else { return row }
    var marked = row
    marked.subtitle = withDownloadedBadge(s, row.target, row.subtitle)
    if somethingIsAway(s) { marked.needsServer = needsServerNotice(s, row.target) }
    return marked
  }
}

/// Folders and books in natural order ("Book 2" before "Book 10"), by the
/// name on disk, which is how listeners number their series. Loose files
/// that are not audio are not shown. Books of one folder that share a title
/// (a server that lists a two-disc book's CD1 and CD2 as two books) are told
/// apart by their names on disk: "The Two Disc Book · CD1".
func folderRows(_ entries: [FsEntry], in location: LibraryPath) -> [FolderRow] {
  let rows = plainFolderRows(entries, in: location)
  let shared = titleSharers(rows)
  return rows.map { row in
    guard shared.contains(row.target) else { return row }
    var told = row
    told.title = "\(row.title) · \(row.sortName)"
    return told
  }
}

/// The books among `rows` whose title another book there has too (and
/// whose name on disk says something else).
private func titleSharers(_ rows: [FolderRow]) -> Set<LibraryPath> {
  var count: [String: Int] = [:]
  for row in rows where row.kind == .book { count[row.title, default: 0] += 1 }
  return Set(
    rows.filter { $0.kind == .book && count[$0.title, default: 0] > 1 && $0.sortName != $0.title }.map(\.target))
}

/// The name on disk that tells `target` apart from another book of the same
/// title in its folder ("CD1"), when its folder is loaded and it needs one.
func distinguishingName(_ s: AppState, _ target: LibraryPath) -> String? {
  let parent = target.at(parentPath(target.path))
  guard case .loaded(let entries)? = s.library.folders[parent] else { return nil }
  let rows = plainFolderRows(entries, in: parent)
  guard titleSharers(rows).contains(target) else { return nil }
  return rows.first { $0.target == target }?.sortName
}

/// The row of `target` as its folder lists it, when that folder is loaded.
func listedRow(_ s: AppState, _ target: LibraryPath) -> FolderRow? {
  let parent = target.at(parentPath(target.path))
  guard case .loaded(let entries)? = s.library.folders[parent] else { return nil }
  return markNeedingServer(s, folderRows(entries, in: parent)).first { $0.target == target }
}

private func plainFolderRows(_ entries: [FsEntry], in location: LibraryPath) -> [FolderRow] {
  entries
    .filter { $0.isDir || $0.isAudio || $0.isBook == true }
    .sorted(naturallyBy: \.name)
    .map { entry in
      let isBook = entry.isBook == true || (!entry.isDir && entry.isAudio)
      guard isBook else {
        return FolderRow(
          title: entry.name, subtitle: "", kind: .folder, target: location.at(entry.path), sortName: entry.name)
      }
      let title = entry.title.flatMap { $0.isEmpty ? nil : $0 } ?? entry.name
      let subtitle = [
        bookSubtitle(author: entry.author, series: entry.series, seriesIndex: entry.seriesIndex),
        formatDuration(entry.duration),
      ].filter { !$0.isEmpty }.joined(separator: " · ")
      return FolderRow(
        title: title, subtitle: subtitle, kind: .book, target: location.at(entry.path), sortName: entry.name)
    }
}
