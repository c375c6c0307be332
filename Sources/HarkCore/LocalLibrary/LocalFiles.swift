import Foundation

/// The library id of books on this computer. Server libraries have positive
/// ids; local folders take negative ones, so a `(libraryID, relPath)` pair
/// can never name a server book and a local one at once. The first library
/// folder is -1 ("This Computer"); further folders from Preferences count
/// down (-2, -3, ...).
public enum LocalLibraryID {
  /// The default library folder.
  public static let thisComputer = -1

  /// The id of the `index`th library folder (0-based).
  public static func folder(_ index: Int) -> Int { -1 - max(0, index) }

  /// Whether `libraryID` names a folder on this computer.
  public static func isLocal(_ libraryID: Int) -> Bool { libraryID < 0 }

  /// The library id of the folder at `path`: the same on every run and
  /// whatever other folders are listed, so removing one folder never hands
  /// its books' places, bookmarks and notes to another's (a place in the
  /// list would). A 64-bit FNV-1a of the path, folded into negative ids.
  public static func forFolder(_ path: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return -1 - Int(hash % (1 << 31))
  }
}

/// One file of a library folder as its listing gives it, no audio read.
/// It is also the key of what was read from the file: a rescan reads again
/// only the files whose key changed (path, size or modification time).
public struct LocalFileKey: Hashable, Sendable, Codable {
  /// Relative to the library folder, "/"-separated.
  public var relPath: String
  public var size: Int64
  /// Seconds since the Unix epoch, with the file system's precision.
  public var modified: Double

  public init(relPath: String, size: Int64, modified: Double) {
    self.relPath = relPath
    self.size = size
    self.modified = modified
  }
}

/// A chapter inside one audio file, as its container, tags or cue sheet
/// mark it. Seconds from the file's start.
public struct LocalChapterMark: Hashable, Sendable, Codable {
  public var title: String
  public var start: Double
  /// Nil when the source only marks starts (the next start, or the file's
  /// end, closes it).
  public var end: Double?

  public init(title: String, start: Double, end: Double? = nil) {
    self.title = title
    self.start = start
    self.end = end
  }
}

/// What the scanner read from one audio file: everything a book needs from
/// it, so a rescan of an unchanged file reads nothing.
public struct LocalTrack: Hashable, Sendable, Codable {
  /// Seconds; 0 when unknown.
  public var duration: Double
  /// The container as the listener knows it: the extension ("mp3", "m4b").
  public var format: String
  /// The audio codec ("aac", "mp3", "opus", "flac", "vorbis"), nil if unknown.
  public var codec: String?
  public var title: String?
  public var album: String?
  public var artist: String?
  public var albumArtist: String?
  public var composer: String?
  /// An explicit narrator tag (NARRATOR, TXXX:NARRATOR); audiobook tools
  /// otherwise put the narrator in the composer.
  public var narrator: String?
  public var series: String?
  public var seriesPart: Double?
  public var trackNumber: Int?
  public var discNumber: Int?
  public var hasEmbeddedCover: Bool
  /// Chapters inside this file, in order; empty when it has none.
  public var chapters: [LocalChapterMark]

  public init(
    duration: Double = 0, format: String = "", codec: String? = nil, title: String? = nil,
    album: String? = nil, artist: String? = nil, albumArtist: String? = nil,
    composer: String? = nil, narrator: String? = nil, series: String? = nil,
    seriesPart: Double? = nil, trackNumber: Int? = nil, discNumber: Int? = nil,
    hasEmbeddedCover: Bool = false, chapters: [LocalChapterMark] = []
  ) {
    self.duration = duration
    self.format = format
    self.codec = codec
    self.title = title
    self.album = album
    self.artist = artist
    self.albumArtist = albumArtist
    self.composer = composer
    self.narrator = narrator
    self.series = series
    self.seriesPart = seriesPart
    self.trackNumber = trackNumber
    self.discNumber = discNumber
    self.hasEmbeddedCover = hasEmbeddedCover
    self.chapters = chapters
  }
}

/// Something the scan left out, and why, in words for the listener.
public struct LocalScanSkip: Hashable, Sendable {
  /// Relative to the library folder ("" for the folder itself).
  public var relPath: String
  public var reason: String
  /// The library folder it is in (its path), so a list of what several
  /// folders' scans left out says where each file is; "" as the scanner
  /// reports it (it scans one folder), filled in by `LocalLibraryState`.
  public var folder: String

  public init(relPath: String, reason: String, folder: String = "") {
    self.relPath = relPath
    self.reason = reason
    self.folder = folder
  }

  // The reasons, worded once so the scanner and its tests agree; they are
  // compared and kept with the scan, so they stay English here and the
  // Skipped Files window translates them.
  public static let notAudio = trNoop("Not an audio file Hark can play")
  public static let emptyFile = trNoop("The file is empty")
  public static let unreadableFolder = trNoop("Hark may not read this folder")
  public static let unreadableFile = trNoop("Hark may not read this file")
  public static let folderLoop = trNoop("This folder links back to one that holds it")
  public static let undecodableName = trNoop("Its name is not valid text; rename it to add it")
  public static let vanished = trNoop("It was moved or deleted during the scan")
  public static let missingLibrary = trNoop("The library folder is missing (is its drive connected?)")
}

extension LocalScanSkip {
  /// The library folder's own name ("Audiobooks"), as the Library page
  /// titles it.
  public var folderName: String {
    let name = folder.pathName
    return name.isEmpty ? folder : name
  }
}

/// The extensions Hark recognises as audio books and covers (lowercase).
enum LocalFileKinds {
  static let audio: Set<String> = ["m4b", "m4a", "mp4", "mp3", "flac", "ogg", "opus"]
  static let image: Set<String> = ["jpg", "jpeg", "png", "webp"]
  static let cueSheet = "cue"
}

extension String {
  /// The lowercased extension of a "/"-separated path ("" when none).
  var pathExtensionLowercased: String {
    let name = pathName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// The last "/"-separated component.
  var pathName: String {
    guard let slash = lastIndex(of: "/") else { return self }
    return String(self[index(after: slash)...])
  }

  /// Everything before the last "/" ("" at the top level).
  var pathParent: String {
    guard let slash = lastIndex(of: "/") else { return "" }
    return String(self[..<slash])
  }

  /// The last component without its extension.
  var pathStem: String {
    let name = pathName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
