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
  let named = offer.items.count == 1 ? "“\(first.name)”" : "“\(first.name)” and \(offer.items.count - 1) more"
  var body: String
  switch (target, folders) {
  case (let target?, true):
    body = "Copy \(named) into “\(target.name)”, or add \(offer.items.count == 1 ? "it" : "them") "
      + "as a library folder where \(offer.items.count == 1 ? "it is" : "they are"): Hark reads it there and never changes it."
  case (let target?, false):
    body = "Copy \(named) into “\(target.name)”. Only a folder can be added where it is."
  case (nil, true):
    body = "Add \(named) as a library folder where \(offer.items.count == 1 ? "it is" : "they are"): Hark reads it there and never changes it."
  case (nil, false):
    body = "There is no library folder to copy \(named) into: choose one in Preferences first."
  }
  return LibraryOfferQuestion(
    serial: offer.serial, heading: "Add to Your Library?", body: body,
    copyLabel: target.map { "Copy into “\($0.name)”" }, canAddInPlace: folders)
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
    text = "Could not copy “\(failure.relPath)” into “\(folder)”: \(failure.reason)"
  } else if outcome.copied.count == 1 {
    text = "Copied “\(outcome.copied[0])” into “\(folder)”"
  } else {
    text = "Copied \(outcome.copied.count) items into “\(folder)”"
  }
  return LibraryCopyNotice(serial: s.localLibrary.copiesFinished, text: text)
}
