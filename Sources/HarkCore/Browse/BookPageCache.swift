/// Keeps what the Book page shows from one second to the next, apart from
/// the place.
///
/// While a book plays, its Book page is worked out again every second, for
/// its place line. Its chapters change only with the book, the length of
/// made-up chapters, the chapter playing and whether the book is finished,
/// but working them out again (the book's timeline, then a row a chapter)
/// took about 10 ms every second for a book of 5,000 chapters. With a cache
/// the same rows come back in the same array, so comparing them with the
/// last second's, and the list's update, cost next to nothing. What the
/// book's folder says about it (`FolderNeighbours`) is kept the same way.
///
/// One per subscriber, on the thread it selects on.
public final class BookPageCache {
  private var placesFor: (book: Book, interval: Double)?
  private var cachedPlaces: ChapterPlaces?
  private var rowsFor: (current: Int?, finished: Bool)?
  private var cachedRows: [ChapterRow] = []
  private var neighboursFor: (target: LibraryPath, input: AppState)?
  private var cachedNeighbours = FolderNeighbours()
  /// How many times `neighbours` read the folder (for the tests).
  private(set) var folderReads = 0

  public init() {}

  /// The book's chapter places, worked out again only for another book or
  /// another length of made-up chapters.
  func places(_ book: Book, interval: Double) -> ChapterPlaces {
    if let placesFor, let cachedPlaces, placesFor.interval == interval, placesFor.book == book {
      return cachedPlaces
    }
    let places = ChapterPlaces(book, virtualChapterInterval: interval)
    placesFor = (book, interval)
    cachedPlaces = places
    rowsFor = nil
    return places
  }

  /// The rows of the places `places(_:interval:)` returned last.
  func rows(current: Int?, finished: Bool) -> [ChapterRow] {
    guard let cachedPlaces else { return [] }
    if let rowsFor, rowsFor.current == current, rowsFor.finished == finished { return cachedRows }
    cachedRows = chapterRows(cachedPlaces, current: current, finished: finished)
    rowsFor = (current, finished)
    return cachedRows
  }

  /// What `target`'s folder says about it, worked out again only for
  /// another book or when the library's lists could have changed.
  func neighbours(_ s: AppState, _ target: LibraryPath) -> FolderNeighbours {
    let input = libraryListsInput(s)
    if let neighboursFor, neighboursFor.target == target, neighboursFor.input == input { return cachedNeighbours }
    cachedNeighbours = FolderNeighbours(input, target)
    folderReads += 1
    neighboursFor = (target, input)
    return cachedNeighbours
  }
}
