import Foundation

/// One line of the Book page's details ("Narrator", "Kate Reading").
public struct BookFact: Equatable, Sendable {
  public var label: String
  public var value: String
}

/// One chapter in the Book page's list.
public struct ChapterRow: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    case listened
    case current
    case ahead

    /// For `id`: interpolating the case itself goes through reflection,
    /// thousands of times a second for a long book.
    var key: String {
      switch self {
      case .listened: "listened"
      case .current: "current"
      case .ahead: "ahead"
      }
    }
  }

  /// Unique and content-addressed (see `FolderRow.id`).
  public var id: String { "\(number)\u{1F}\(title)\u{1F}\(duration)\u{1F}\(status.key)" }
  /// 1-based, as listeners count.
  public var number: Int
  /// Tidied: "01_the_beginning.mp3" reads "01 the beginning".
  public var title: String
  /// "12m", or "" when the server does not know.
  public var duration: String
  public var status: Status = .ahead
}

/// The Book page for the book chosen in the Library.
public struct BookPageView: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    case loading
    case failed(String)
    case loaded
  }

  public var target: LibraryPath
  public var status: Status
  public var title: String
  /// "Author · Series #2"
  public var subtitle: String
  public var facts: [BookFact]
  public var chapters: [ChapterRow]
  /// The listener's place, bookmarks, notes, history and metadata.
  public var extras: BookExtrasView?
  /// The next book in the same folder, by natural order (§4.2).
  public var upNext: FolderRow?
  /// "More by Ada Long", "More in Cradle": the library's books filtered.
  public var related: [RelatedBooks] = []
  /// Set while the server is unreachable (see `offlineNotice`).
  public var offline: String?
  /// This book is the one in the player; its button then pauses and plays.
  public var isInPlayer = false
  public var isPlaying = false
  /// Set when the book cannot play now (see `needsServerNotice`): Play's
  /// tooltip says why, and Play explains it.
  public var needsServer: String?
}

/// A link from a Book page to the library's other books by its author or
/// in its series.
public struct RelatedBooks: Equatable, Sendable {
  public var label: String
  public var query: BookListQuery
}

func relatedBooks(_ book: Book, _ target: LibraryPath) -> [RelatedBooks] {
  let author = trimUnicodeWhitespace(book.author)
  let series = trimUnicodeWhitespace(book.series)
  var links: [RelatedBooks] = []
  if !author.isEmpty {
    links.append(
      RelatedBooks(
        label: trFormat("More by %@", author),
        query: BookListQuery(serverID: target.serverID, libraryID: target.libraryID, author: book.author)))
  }
  if !series.isEmpty {
    links.append(
      RelatedBooks(
        label: trFormat("More in %@", series),
        query: BookListQuery(serverID: target.serverID, libraryID: target.libraryID, series: book.series)))
  }
  return links
}

/// A pure function of its inputs, like every selector: `now`, which words
/// relative times ("2 days ago"), comes from the caller (the Book page reads
/// the clock when the store changes; tests pin it), never from the clock.
/// - Parameter cache: keeps the chapters between calls (a subscriber's own);
///   without one they are worked out every time.
public func selectBookPage(_ s: AppState, now: Date, cache: BookPageCache? = nil) -> BookPageView? {
  guard let target = s.library.book else { return nil }
  let where_ = bookLocationText(s, target)
  switch s.library.books[target] ?? .loading {
  case .loading:
    return BookPageView(
      target: target, status: .loading, title: pathLeaf(target.path), subtitle: "", facts: [], chapters: [],
      extras: nil)
  case .failed(let message):
    return BookPageView(
      target: target, status: .failed(message), title: pathLeaf(target.path), subtitle: "", facts: [],
      chapters: [], extras: nil, offline: offlineNotice(s, serverID: target.serverID))
  case .loaded(let book):
    // A title shared with another book in its folder comes with its name
    // on disk, as the folder lists it.
    let neighbours = cache?.neighbours(s, target) ?? FolderNeighbours(libraryListsInput(s), target)
    let title = [book.title.isEmpty ? pathLeaf(target.path) : book.title, neighbours.distinguishingName]
      .compactMap { $0 }.joined(separator: " · ")
    let interval = s.settings.virtualChapterInterval
    let places = cache?.places(book, interval: interval) ?? ChapterPlaces(book, virtualChapterInterval: interval)
    let extras = bookExtrasView(s, target, book, places: places, now: now)
    let chapters =
      cache?.rows(current: extras.currentChapter, finished: extras.isFinished)
      ?? chapterRows(places, current: extras.currentChapter, finished: extras.isFinished)
    return BookPageView(
      target: target, status: .loaded, title: title,
      subtitle: bookSubtitle(author: book.author, series: book.series, seriesIndex: book.seriesIndex),
      facts: bookFacts(book, location: where_), chapters: chapters, extras: extras, upNext: neighbours.upNext,
      related: relatedBooks(book, target), isInPlayer: s.player.session.nowPlaying?.key == target,
      isPlaying: isPlaying(s, target),
      needsServer: needsServerNotice(s, target))
  }
}

/// What a book's folder says about it. Both sort the whole folder (17 ms
/// a second for a book among 2,000, release build), so the Book page keeps
/// them in its `BookPageCache`; worked out from `libraryListsInput`'s part
/// of the state, which the cache compares.
struct FolderNeighbours {
  /// The name on disk that tells the book apart from another of the same
  /// title in its folder ("CD1"), when it needs one.
  var distinguishingName: String?
  /// The book after it in its folder, as the folder lists it.
  var upNext: FolderRow?

  init() {}

  init(_ s: AppState, _ target: LibraryPath) {
    distinguishingName = HarkCore.distinguishingName(s, target)
    upNext = nextInFolder(s, after: target)
  }
}

/// "Server · Library · Folder": where this copy lives.
private func bookLocationText(_ s: AppState, _ target: LibraryPath) -> String {
  [location(s, target.serverID, target.libraryID, also: []), parentPath(target.path)]
    .filter { !$0.isEmpty }.joined(separator: " · ")
}

/// Only what the server knows: an unknown narrator or a zero size is left
/// out rather than shown as blank or "0 B".
func bookFacts(_ book: Book, location: String) -> [BookFact] {
  var facts: [BookFact] = []
  func add(_ label: String, _ value: String) {
    if !value.trimmingCharacters(in: .whitespaces).isEmpty { facts.append(BookFact(label: label, value: value)) }
  }
  add(tr("Author"), book.author)
  add(tr("Narrator"), book.narrator)
  if !book.series.isEmpty {
    add(tr("Series"), bookSubtitle(author: nil, series: book.series, seriesIndex: book.seriesIndex))
  }
  add(tr("Length"), formatDuration(book.duration))
  let format = book.format.trimmingCharacters(in: CharacterSet(charactersIn: ".")).uppercased()
  let codec = (book.codec ?? "").uppercased()
  add(tr("Format"), [format, codec == format ? "" : codec].filter { !$0.isEmpty }.joined(separator: " · "))
  if book.size > 0 { add(tr("Size"), formatBytes(book.size)) }
  if book.files.count > 1 { add(tr("Files"), String(format: trPlural("%d audio file", "%d audio files", book.files.count), book.files.count)) }
  add(tr("Location"), location)
  return facts
}

/// The Book page's chapters: the ones the player will play, so a long
/// chapterless file lists the same "Chapter N" rows the Player page shows.
/// Listened up to `current`, every one once the book is finished.
func chapterRows(_ places: ChapterPlaces, current: Int?, finished: Bool) -> [ChapterRow] {
  places.chapters.enumerated().map { offset, chapter in
    let length = chapter.end - chapter.start
    let status: ChapterRow.Status =
      if finished { .listened } else if let current {
        offset < current ? .listened : offset == current ? .current : .ahead
      } else { .ahead }
    return ChapterRow(
      number: offset + 1, title: places.titles[offset],
      duration: length.isFinite && length > 0 ? formatDuration(length) : "", status: status)
  }
}
