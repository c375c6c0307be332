/// Keeps the Book page's chapters from one second to the next.
///
/// While a book plays, its Book page is worked out again every second, for
/// its place line. Its chapters change only with the book, the length of
/// made-up chapters, the chapter playing and whether the book is finished,
/// but working them out again (the book's timeline, then a row a chapter)
/// took about 10 ms every second for a book of 5,000 chapters. With a cache
/// the same rows come back in the same array, so comparing them with the
/// last second's, and the list's update, cost next to nothing.
///
/// One per subscriber, on the thread it selects on.
public final class BookChaptersCache {
  private var placesFor: (book: Book, interval: Double)?
  private var cachedPlaces: ChapterPlaces?
  private var rowsFor: (current: Int?, finished: Bool)?
  private var cachedRows: [ChapterRow] = []

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
}
