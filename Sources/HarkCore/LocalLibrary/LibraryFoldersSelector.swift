/// One library folder as Preferences lists it.
public struct LibraryFolderRow: Equatable, Sendable, Identifiable {
  public var id: Int
  public var name: String
  /// The folder's path, and what its last scan found.
  public var detail: String
}

/// Preferences' "Library Folders": each folder with what its scan found.
public func selectLibraryFolders(_ s: AppState) -> [LibraryFolderRow] {
  s.localLibrary.folders.map { folder in
    let scan = s.localLibrary.scans[folder.id]
    let found: String =
      switch scan {
      case nil: s.localLibrary.scanning ? tr("Scanning…") : ""
      case .some(let scan) where !scan.available: tr("Missing — is its drive connected?")
      case .some(let scan): String(format: trPlural("%d book", "%d books", scan.books), scan.books)
      }
    return LibraryFolderRow(
      id: folder.id, name: folder.name, detail: [folder.path, found].filter { !$0.isEmpty }.joined(separator: " · "))
  }
}
