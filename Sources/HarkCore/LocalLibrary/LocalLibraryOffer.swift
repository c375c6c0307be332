/// Files or folders handed to the window (dropped on it, or pasted after
/// Copy in Files): the listener chooses whether they are copied into a
/// library folder or, for folders, added as library folders where they are.
public struct LocalLibraryOffer: Equatable, Sendable {
  public struct Item: Equatable, Sendable {
    /// Absolute path.
    public var path: String
    public var isFolder: Bool

    public init(path: String, isFolder: Bool) {
      self.path = path
      self.isFolder = isFolder
    }

    /// The file's or folder's own name.
    public var name: String { path.pathName.isEmpty ? path : path.pathName }
  }

  public var items: [Item]
  /// Counts offers, so the window asks again for an offer equal to the last.
  public var serial: Int

  public init(items: [Item], serial: Int) {
    self.items = items
    self.serial = serial
  }
}

/// The listener's answer to an offer.
public enum LocalOfferAnswer: Equatable, Sendable {
  case copy
  case addInPlace
  case cancel
}

/// How a copy into a library folder ended, for the listener.
public struct LocalCopyOutcome: Equatable, Sendable {
  /// The library folder copied into (its path).
  public var folder: String
  /// The names of what was copied whole.
  public var copied: [String]
  /// What could not be copied (its name) and why; nothing of it is left
  /// in the library folder.
  public var failed: [LocalScanSkip]

  public init(folder: String, copied: [String], failed: [LocalScanSkip]) {
    self.folder = folder
    self.copied = copied
    self.failed = failed
  }
}

/// The question the window asks about an offer.
public struct LibraryOfferQuestion: Equatable, Sendable {
  public var serial: Int
  public var heading: String
  public var body: String
  /// "Copy into “Audiobooks”"; nil when there is no library folder to copy into.
  public var copyLabel: String?
  /// Only folders can be library folders where they are.
  public var canAddInPlace: Bool
}

extension LocalLibraryState {
  /// The library folder a copy goes into: the first one listed that was
  /// not missing at its last scan.
  public var copyTarget: LocalFolder? { folders.first { !isMissing($0.id) } }
}

/// The question for the offer waiting for an answer, if any.
public func selectLibraryOffer(_ s: AppState) -> LibraryOfferQuestion? {
  guard let offer = s.localLibrary.offer, let first = offer.items.first else { return nil }
  let target = s.localLibrary.copyTarget
  let folders = offer.items.allSatisfy(\.isFolder)
  let count = offer.items.count
  let named =
    count == 1
    ? trFormat("“%@”", first.name)
    // Translators: a dropped or pasted item's name and how many more there are.
    : String(format: trPlural("“%@” and %d more", "“%@” and %d more", count - 1), first.name, count - 1)
  var body: String
  switch (target, folders) {
  case (let target?, true):
    body = String(
      format: trPlural(
        "Copy %1$@ into “%2$@”, or add it as a library folder where it is: Hark reads it there and never changes it.",
        "Copy %1$@ into “%2$@”, or add them as library folders where they are: Hark reads them there and never changes them.",
        count), named, target.name)
  case (let target?, false):
    body = trFormat("Copy %1$@ into “%2$@”. Only a folder can be added where it is.", named, target.name)
  case (nil, true):
    body = String(
      format: trPlural(
        "Add %@ as a library folder where it is: Hark reads it there and never changes it.",
        "Add %@ as library folders where they are: Hark reads them there and never changes them.", count),
      named)
  case (nil, false):
    body = trFormat("There is no library folder to copy %@ into: choose one in Preferences first.", named)
  }
  return LibraryOfferQuestion(
    serial: offer.serial, heading: tr("Add to Your Library?"), body: body,
    copyLabel: target.map { trFormat("Copy into “%@”", $0.name) }, canAddInPlace: folders)
}

/// What the last copy into a library folder came to, said once in a toast.
public struct LibraryCopyNotice: Equatable, Sendable {
  public var serial: Int
  public var text: String
}

public func selectLibraryCopyNotice(_ s: AppState) -> LibraryCopyNotice? {
  guard let outcome = s.localLibrary.lastCopy else { return nil }
  let folder = outcome.folder.pathName
  let text: String
  if let failure = outcome.failed.first {
    text = trFormat("Could not copy “%1$@” into “%2$@”: %3$@", failure.relPath, folder, tr(failure.reason))
  } else if outcome.copied.count == 1 {
    text = trFormat("Copied “%1$@” into “%2$@”", outcome.copied[0], folder)
  } else {
    text = String(
      format: trPlural("Copied %1$d item into “%2$@”", "Copied %1$d items into “%2$@”", outcome.copied.count),
      outcome.copied.count, folder)
  }
  return LibraryCopyNotice(serial: s.localLibrary.copiesFinished, text: text)
}
