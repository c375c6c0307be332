import Foundation

// Libraries, folders, book lists and search.

extension AudioSiloClient {
  /// `GET /libraries`.
  public func libraries() async throws(APIError) -> [Library] {
    try list("libraries", of: Library.self, from: await perform("GET", "/libraries"))
  }

  /// `GET /libraries/{id}/fs?path=&offset=&limit=`: one page of a folder
  /// ("" is the library root). The server's default limit is 200, max 500.
  public func browse(libraryID: Int, path: String = "", offset: Int? = nil, limit: Int? = nil)
    async throws(APIError) -> FsListing
  {
    try decode(
      FsListing.self,
      from: await perform(
        "GET", "/libraries/\(libraryID)/fs", ["path": path, "offset": offset, "limit": limit]))
  }

  /// `GET /libraries/{id}/books`: one keyset page. Pass `cursor` back
  /// verbatim from the previous page. The server's default limit is 50, max 200.
  public func books(
    libraryID: Int, author: String? = nil, series: String? = nil, sort: BookSort? = nil,
    limit: Int? = nil, cursor: String? = nil
  ) async throws(APIError) -> BooksPage {
    try decode(
      BooksPage.self,
      from: await perform(
        "GET", "/libraries/\(libraryID)/books",
        [
          "author": author, "series": series, "sort": sort?.rawValue, "limit": limit,
          "cursor": cursor,
        ]))
  }

  /// Every page of `books`, fetched as it is iterated.
  public func bookPages(
    libraryID: Int, author: String? = nil, series: String? = nil, sort: BookSort? = nil,
    pageSize: Int? = nil
  ) -> BookPages {
    BookPages(
      client: self, libraryID: libraryID, author: author, series: series, sort: sort,
      pageSize: pageSize)
  }

  /// All of a library's books (optionally filtered), every page drained.
  public func allBooks(
    libraryID: Int, author: String? = nil, series: String? = nil, sort: BookSort? = nil,
    pageSize: Int? = nil
  ) async throws(APIError) -> [Book] {
    var books: [Book] = []
    for try await page in bookPages(
      libraryID: libraryID, author: author, series: series, sort: sort, pageSize: pageSize)
    {
      books += page
    }
    return books
  }

  /// `GET /search?q=&limit=`: AND-ed prefix matches, de-duplicated across
  /// libraries. A blank query matches nothing on the server, so it is not sent.
  public func search(_ query: String, limit: Int? = nil) async throws(APIError) -> [Book] {
    guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
    return try list(
      "books", of: Book.self, from: await perform("GET", "/search", ["q": query, "limit": limit]))
  }

  /// `GET /books/recent?limit=`: newest first, de-duplicated like search.
  public func recentBooks(limit: Int? = nil) async throws(APIError) -> [Book] {
    try list("books", of: Book.self, from: await perform("GET", "/books/recent", ["limit": limit]))
  }
}

/// The pages of a book list, each fetched when the loop asks for it. Stops
/// with `.invalidResponse` if the server hands back a cursor it already gave,
/// which would otherwise page forever.
public struct BookPages: AsyncSequence, Sendable {
  public typealias Element = [Book]

  let client: AudioSiloClient
  let libraryID: Int
  let author: String?
  let series: String?
  let sort: BookSort?
  let pageSize: Int?

  public func makeAsyncIterator() -> Iterator {
    Iterator(pages: self)
  }

  public struct Iterator: AsyncIteratorProtocol {
    let pages: BookPages
    var cursor: String?
    var seenCursors: Set<String> = []
    var finished = false

    init(pages: BookPages) {
      self.pages = pages
    }

    public mutating func next() async throws(APIError) -> [Book]? {
      guard !finished else { return nil }
      do throws(APIError) {
        let page = try await pages.client.books(
          libraryID: pages.libraryID, author: pages.author, series: pages.series,
          sort: pages.sort, limit: pages.pageSize, cursor: cursor)
        if let next = page.nextCursor {
          guard seenCursors.insert(next).inserted else {
            throw APIError.invalidResponse("the server repeated the page cursor \(next)")
          }
          cursor = next
        } else {
          finished = true
        }
        return page.books
      } catch {
        finished = true
        throw error
      }
    }
  }
}

extension AudioSiloClient {
  /// Every entry of a folder: offset pages of `pageSize` read until one has
  /// no `next_offset` (or no entries). A server whose `next_offset` does not
  /// move forward, or that pages past `limit` entries, is not followed
  /// further: a hostile or broken server cannot keep Hark paging forever.
  public func allEntries(libraryID: Int, path: String, pageSize: Int = 200, limit: Int = 100_000)
    async throws(APIError) -> [FsEntry]
  {
    var entries: [FsEntry] = []
    var offset = 0
    while true {
      let page = try await browse(libraryID: libraryID, path: path, offset: offset, limit: pageSize)
      entries += page.entries
      guard let next = page.nextOffset, next > offset, !page.entries.isEmpty, entries.count < limit else {
        return entries
      }
      offset = next
    }
  }
}
