import Foundation

/// One audio file as the engine plays it. The core does not build URLs: a
/// track names its file by library-relative `path`, and the app turns that
/// into a stream URL (with its auth) unless `localFile` says the file is
/// downloaded. That keeps the timeline free of server addresses and tokens.
public struct BookTrack: Equatable, Sendable {
  /// `"{libraryID}:{path}"`, stable across launches and servers' reindexing.
  public var id: String
  /// The file's path in its library (what `stream?path=` takes).
  public var path: String
  /// The downloaded copy, when there is one; it wins over streaming.
  public var localFile: URL?
  public var title: String
  /// The series when there is one, else the title.
  public var album: String
  /// The author, else the narrator, else "".
  public var artist: String
  /// Seconds; nil when the server does not know.
  public var duration: Double?

  public init(
    id: String, path: String, localFile: URL? = nil, title: String, album: String, artist: String,
    duration: Double?
  ) {
    self.id = id
    self.path = path
    self.localFile = localFile
    self.title = title
    self.album = album
    self.artist = artist
    self.duration = duration
  }
}

/// The downloaded files of a book: each file's library-relative path mapped
/// to where it lies on disk, and the saved cover.
public struct LocalCopy: Equatable, Sendable {
  public var files: [String: URL]
  public var cover: URL?

  public init(files: [String: URL], cover: URL? = nil) {
    self.files = files
    self.cover = cover
  }
}

/// A book laid out for playback (§2.6): the tracks in play order, where each
/// starts on the whole-book timeline, the book's length, and its chapters
/// with whole-book offsets recomputed from the file durations.
public struct BookQueue: Equatable, Sendable {
  public var tracks: [BookTrack] { didSet { layOut() } }
  /// Whole-book start of each track; the first is 0.
  public var offsets: [Double] { didSet { layOut() } }
  /// The tracks' starts as the book was laid out from the server's
  /// durations: what saved places are measured in, so that the engine's
  /// corrections (`adoptEngineDuration`) never move a saved place.
  public private(set) var savedOffsets: [Double]
  /// Seconds: the longest of the book's stated duration, the files' sum and
  /// the furthest chapter end.
  public var total: Double { didSet { layOut() } }
  /// Real chapters, or synthetic ones for a long chapterless single file.
  public var chapters: [Chapter] { didSet { layOut() } }
  /// The real chapters as file clips, or [] (§2.4).
  public var chapterClips: [ChapterClip]
  /// True when `chapters` were made up (§2.5), so the interface can say so.
  public var syntheticChapters: Bool
  /// The chapters and files laid out for lookups, kept in step with the
  /// parts above: built here and whenever one of them is set, never while
  /// playing, so the selectors that run on every engine report only read it.
  public private(set) var timeline: BookTimeline

  public init(
    tracks: [BookTrack], offsets: [Double], total: Double, chapters: [Chapter],
    chapterClips: [ChapterClip] = [], syntheticChapters: Bool = false
  ) {
    self.tracks = tracks
    self.offsets = offsets
    savedOffsets = offsets
    self.total = total
    self.chapters = chapters
    self.chapterClips = chapterClips
    self.syntheticChapters = syntheticChapters
    timeline = BookTimeline(tracks: tracks, offsets: offsets, total: total, chapters: chapters)
  }

  /// A re-laid-out copy that keeps the saved layout of the one it replaces.
  init(
    tracks: [BookTrack], offsets: [Double], total: Double, chapters: [Chapter], chapterClips: [ChapterClip],
    syntheticChapters: Bool, savedOffsets: [Double]
  ) {
    self.init(
      tracks: tracks, offsets: offsets, total: total, chapters: chapters, chapterClips: chapterClips,
      syntheticChapters: syntheticChapters)
    self.savedOffsets = savedOffsets
  }

  private mutating func layOut() {
    timeline = BookTimeline(tracks: tracks, offsets: offsets, total: total, chapters: chapters)
  }

  /// True when every track plays from a downloaded file.
  public var isFullyLocal: Bool { !tracks.isEmpty && tracks.allSatisfy { $0.localFile != nil } }

  /// The tracks played from `copy`, or nil when they already are, or when
  /// the copy lacks one of them (then it is not a copy of this book).
  public func tracks(from copy: LocalCopy) -> [BookTrack]? {
    guard !isFullyLocal else { return nil }
    let local = tracks.map { track in
      var local = track
      local.localFile = copy.files[track.path]
      return local
    }
    return local.allSatisfy { $0.localFile != nil } ? local : nil
  }
}

/// §2.6: lays a book out for playback.
/// - Parameters:
///   - chapterData: the `/chapters` answer when loaded; its files and
///     chapters win over the book's.
///   - local: the downloaded copy; its files replace streaming per path.
///   - virtualChapterInterval: seconds between synthetic chapters.
public func buildBookQueue(
  book: Book, chapterData: ChaptersResponse? = nil, local: LocalCopy? = nil,
  virtualChapterInterval: Double = 1800
) -> BookQueue {
  let specs = bookFileSpecs(book, chapterData: chapterData)
  let rawChapters = chapterData?.chapters ?? book.chapters
  let artist = !book.author.isEmpty ? book.author : book.narrator
  let tracks = specs.map { spec in
    BookTrack(
      id: "\(book.libraryID):\(spec.path)", path: spec.path, localFile: local?.files[spec.path],
      title: book.title, album: book.series.isEmpty ? book.title : book.series, artist: artist,
      duration: spec.duration > 0 ? spec.duration : nil)
  }
  var offsets: [Double] = []
  var fileSum = 0.0
  for spec in specs {
    offsets.append(fileSum)
    fileSum += countable(spec.duration)
  }
  let chapters = rawChapters.map { chapter in
    var copy = chapter
    copy.bookOffset = chapterBookOffset(files: specs, chapter: chapter)
    return copy
  }
  let furthestEnd = chapters.map(chapterEndPosition).max() ?? 0
  let total = max(countable(book.duration), fileSum, furthestEnd)
  let clips = buildChapterClips(specs: specs, chapters: chapters)
  if specs.count == 1, chapters.count <= 1 {
    let synthetic = synthesizeChapters(
      filePath: specs[0].path, total: total, interval: virtualChapterInterval)
    if !synthetic.isEmpty {
      return BookQueue(
        tracks: tracks, offsets: offsets, total: total, chapters: synthetic, chapterClips: clips,
        syntheticChapters: true)
    }
  }
  return BookQueue(
    tracks: tracks, offsets: offsets, total: total, chapters: chapters, chapterClips: clips)
}

/// A duration that can be added up: unknown, negative or non-finite count as 0.
private func countable(_ seconds: Double) -> Double {
  seconds.isFinite && seconds > 0 ? seconds : 0
}
