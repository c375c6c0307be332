import Foundation

/// The books the scans found on this computer, answering what a server's
/// library routes answer (a folder's entries, a book, search, a page of
/// All Books, the newest books), so the pages need nothing new for them.
public struct LocalCatalog: Sendable {
  /// Each library folder's books, by library id, in path order.
  public private(set) var books: [Int: [Book]] = [:]
  /// Each book's cover image file (library relative), by library id and
  /// book path.
  public private(set) var covers: [Int: [String: String]] = [:]

  public init() {}

  /// Takes one folder's scan in place of what it had.
  public mutating func replace(libraryID: Int, books: [Book], covers: [String: String]) {
    self.books[libraryID] = books
    self.covers[libraryID] = covers
  }

  /// Forgets every library id not in `kept` (folders removed).
  public mutating func keep(only kept: Set<Int>) {
    books = books.filter { kept.contains($0.key) }
    covers = covers.filter { kept.contains($0.key) }
  }

  public func book(libraryID: Int, path: String) -> Book? {
    books[libraryID]?.first { $0.relPath == path }
  }

  /// The folder's sub-folders and books, as a server lists them; nil for a
  /// folder that holds no book (gone since, or never there).
  public func entries(libraryID: Int, folder: String) -> [FsEntry]? {
    let prefix = folder.isEmpty ? "" : folder + "/"
    var entries: [String: FsEntry] = [:]
    for book in books[libraryID] ?? [] where book.relPath.hasPrefix(prefix) && book.relPath != folder {
      let rest = book.relPath.dropFirst(prefix.count)
      let name = String(rest.prefix { $0 != "/" })
      let path = prefix + name
      if path == book.relPath {
        entries[name] = FsEntry(
          name: name, path: path, isDir: book.isFolder, isAudio: !book.isFolder, size: book.size,
          modTime: book.addedAt?.date?.timeIntervalSince1970 ?? 0, isBook: true, title: book.title,
          author: book.author, series: book.series.isEmpty ? nil : book.series,
          seriesIndex: book.series.isEmpty ? nil : book.seriesIndex, duration: book.duration)
      } else if entries[name] == nil {
        entries[name] = FsEntry(name: name, path: path, isDir: true, isBook: false)
      }
    }
    if entries.isEmpty && !folder.isEmpty { return nil }
    return entries.values.sorted(naturallyBy: \.name)
  }

  /// Books whose title, author, narrator or series holds every word of
  /// `query` (case and accents ignored), across every folder.
  public func search(_ query: String, limit: Int) -> [Book] {
    let words = query.split(whereSeparator: \.isWhitespace).map { fold(String($0)) }
    guard !words.isEmpty else { return [] }
    var found: [Book] = []
    for id in books.keys.sorted(by: >) {
      for book in books[id] ?? [] {
        let text = fold([book.title, book.author, book.narrator, book.series].joined(separator: " "))
        if words.allSatisfy(text.contains) { found.append(book) }
        if found.count >= limit { return found }
      }
    }
    return found
  }

  /// One page of a library's books, sorted and filtered as All Books asks;
  /// the cursor is the offset of the next page.
  public func page(_ query: BookListQuery, cursor: String?, limit: Int) -> BooksPage {
    var list = (books[query.libraryID] ?? []).filter { book in
      (query.author.map { $0 == book.author } ?? true) && (query.series.map { $0 == book.series } ?? true)
    }
    switch query.sort {
    case .title: list = list.sorted(naturallyBy: \.title)
    case .author:
      list.sort { ($0.author, $0.series, $0.seriesIndex, $0.title) < ($1.author, $1.series, $1.seriesIndex, $1.title) }
    case .recent: list = newestFirst(list)
    }
    let start = min(list.count, max(0, cursor.flatMap(Int.init) ?? 0))
    let end = min(list.count, start + max(1, limit))
    return BooksPage(books: Array(list[start..<end]), nextCursor: end < list.count ? String(end) : nil)
  }

  /// The newest books across every folder (by their newest file).
  public func recent(limit: Int) -> [Book] {
    Array(newestFirst(books.values.flatMap { $0 }).prefix(limit))
  }

  /// Each book's time is parsed once, not at every comparison: a sort of
  /// 10,000 books compares some 280,000 times, and parsing there held the
  /// main loop for most of a second on every batch of a first scan.
  private func newestFirst(_ list: [Book]) -> [Book] {
    let dated: [(added: Date, book: Book)] = list.map { book in (book.addedAt?.date ?? .distantPast, book) }
    let sorted = dated.sorted { a, b in a.added != b.added ? a.added > b.added : a.book.relPath < b.book.relPath }
    return sorted.map(\.book)
  }

  private func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
