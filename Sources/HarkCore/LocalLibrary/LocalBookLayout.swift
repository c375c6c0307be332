import Foundation

/// A book found in a library folder's listing, before any audio is read.
public struct LocalBookPlan: Hashable, Sendable {
  /// The book's path in its library: its folder, or its file for a lone file.
  public var relPath: String
  public var isFolder: Bool
  /// The audio files in play order.
  public var files: [LocalFileKey]
  /// An image file to show as the cover, if the folder has one.
  public var cover: String?
  /// Cue sheets that may mark chapters in the files.
  public var cueSheets: [String]
  /// What the folder and file names suggest; tags win over them.
  public var names: LocalBookNames

  public init(
    relPath: String, isFolder: Bool, files: [LocalFileKey], cover: String? = nil,
    cueSheets: [String] = [], names: LocalBookNames
  ) {
    self.relPath = relPath
    self.isFolder = isFolder
    self.files = files
    self.cover = cover
    self.cueSheets = cueSheets
    self.names = names
  }
}

/// Decides which files make which book, the way an AudioSilo server does:
/// - a folder of audio files is one book, its files in natural order;
/// - `CD1`, `Disc 2`, `Disk 03`, `Part 1` subfolders belong to the book
///   that holds them;
/// - an audio file beside folders that hold books is a book of its own, and
///   so is every audio file directly in the library folder;
/// - folders holding no audio at any depth are no book.
public enum LocalBookLayout {
  /// The books of a library folder's listing (files of every kind, paths
  /// relative to the library folder), ordered by path.
  public static func plans(for listing: [LocalFileKey]) -> [LocalBookPlan] {
    let tree = FolderTree(listing)
    var plans: [LocalBookPlan] = []
    tree.visit("", into: &plans)
    return plans.sorted(byNaturalPath: \.relPath)
  }

  /// Whether a folder's name marks one disc or part of a book.
  public static func isDiscFolder(_ name: String) -> Bool {
    let pattern = #"^\s*(cd|disc|disk|part)[\s._-]*\d+\b"#
    return name.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
  }
}

/// Natural order of a "/"-separated path, component by component, so that
/// "CD2/01.mp3" follows every file of "CD1"; worked out once for sorting.
struct NaturalPathKey: Comparable {
  private let components: [(key: NaturalKey, text: Substring)]

  /// - Parameter known: keys of components already seen, to reuse (the
  ///   paths of one library share most of their folders).
  init(_ path: String, known: inout [Substring: NaturalKey]) {
    components = path.split(separator: "/", omittingEmptySubsequences: false).map { component in
      if let key = known[component] { return (key, component) }
      let key = NaturalKey(String(component))
      known[component] = key
      return (key, component)
    }
  }

  static func < (lhs: NaturalPathKey, rhs: NaturalPathKey) -> Bool { lhs.compare(rhs) < 0 }
  static func == (lhs: NaturalPathKey, rhs: NaturalPathKey) -> Bool { lhs.compare(rhs) == 0 }

  private func compare(_ other: NaturalPathKey) -> Int {
    for (x, y) in zip(components, other.components) {
      let order = x.key.compare(y.key)
      if order != 0 { return order }
      if x.text != y.text { return x.text < y.text ? -1 : 1 }  // equal to the collator: keep a stable order
    }
    return components.count == other.components.count ? 0 : (components.count < other.components.count ? -1 : 1)
  }
}

extension Sequence {
  /// The elements in natural order of their paths, each path keyed once.
  func sorted(byNaturalPath path: (Element) -> String) -> [Element] {
    var known: [Substring: NaturalKey] = [:]
    let keyed = map { element in (key: NaturalPathKey(path(element), known: &known), element: element) }
    return keyed.sorted { $0.key < $1.key }.map(\.element)
  }
}

/// The listing as folders: what each holds directly.
private struct FolderTree {
  struct Folder {
    var audio: [LocalFileKey] = []
    var images: [String] = []
    var cues: [String] = []
    var children: Set<String> = []
  }

  private(set) var folders: [String: Folder] = ["": Folder()]
  private var audioBelow: Set<String> = []

  init(_ listing: [LocalFileKey]) {
    for file in listing {
      let folder = file.relPath.pathParent
      addFolder(folder)
      switch file.relPath.pathExtensionLowercased {
      case let ext where LocalFileKinds.audio.contains(ext):
        folders[folder]?.audio.append(file)
        var path = folder
        while audioBelow.insert(path).inserted, !path.isEmpty { path = path.pathParent }
      case let ext where LocalFileKinds.image.contains(ext): folders[folder]?.images.append(file.relPath)
      case LocalFileKinds.cueSheet: folders[folder]?.cues.append(file.relPath)
      default: break
      }
    }
  }

  /// Adds `path` and its missing ancestors ("" always exists), each linked to its parent.
  private mutating func addFolder(_ path: String) {
    var missing: [String] = []
    var folder = path
    while folders[folder] == nil {
      missing.append(folder)
      folder = folder.pathParent
    }
    for folder in missing { folders[folder] = Folder() }
    for folder in missing { folders[folder.pathParent]?.children.insert(folder) }
  }

  func visit(_ path: String, into plans: inout [LocalBookPlan]) {
    guard let folder = folders[path], audioBelow.contains(path) else { return }
    let children = folder.children.filter(audioBelow.contains)
    let discs = children.filter { LocalBookLayout.isDiscFolder($0.pathName) }
    let others = children.subtracting(discs)
    if !path.isEmpty, others.isEmpty {
      plans.append(folderBook(path, folder: folder, discs: discs))
      return
    }
    for file in folder.audio { plans.append(loneFileBook(file, folder: folder)) }
    for child in children { visit(child, into: &plans) }
  }

  private func folderBook(_ path: String, folder: Folder, discs: Set<String>) -> LocalBookPlan {
    var files = folder.audio
    var discImages: [String] = []
    var cues = folder.cues
    for disc in discs.sorted(byNaturalPath: { $0 }) {
      files += allAudio(below: disc)
      discImages += folders[disc]?.images.sorted(byNaturalPath: { $0 }) ?? []
      cues += folders[disc]?.cues ?? []
    }
    files = files.sorted(byNaturalPath: \.relPath)
    return LocalBookPlan(
      relPath: path, isFolder: true, files: files,
      cover: preferredCover(folder.images) ?? discImages.first,
      cueSheets: cues.sorted(byNaturalPath: { $0 }), names: LocalBookNames(folderPath: path))
  }

  private func loneFileBook(_ file: LocalFileKey, folder: Folder) -> LocalBookPlan {
    let stem = file.relPath.pathStem.lowercased()
    let cover = folder.images.filter { $0.pathStem.lowercased() == stem }.sorted(byNaturalPath: { $0 }).first
    let cues = folder.cues.filter { $0.pathStem.lowercased() == stem }
    return LocalBookPlan(
      relPath: file.relPath, isFolder: false, files: [file], cover: cover, cueSheets: cues,
      names: LocalBookNames(filePath: file.relPath))
  }

  private func allAudio(below path: String) -> [LocalFileKey] {
    guard let folder = folders[path] else { return [] }
    return folder.audio + folder.children.flatMap { allAudio(below: $0) }
  }

  /// cover.* first, then folder.* and front.*, then any image, in natural order.
  private func preferredCover(_ images: [String]) -> String? {
    let sorted = images.sorted(byNaturalPath: { $0 })
    for name in ["cover", "folder", "front"] {
      for ext in ["jpg", "jpeg", "png", "webp"] {
        if let hit = sorted.first(where: { $0.pathName.lowercased() == "\(name).\(ext)" }) { return hit }
      }
    }
    return sorted.first
  }
}
