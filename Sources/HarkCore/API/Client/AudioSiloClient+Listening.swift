import Foundation

// Per-user listening state, always addressed by the BOOK path.

extension AudioSiloClient {
  /// `GET /me/progress`: every book's row, the seed for offline use.
  public func progress() async throws(APIError) -> [ProgressRow] {
    try list("progress", of: ProgressRow.self, from: await perform("GET", "/me/progress"))
  }

  /// `GET /libraries/{id}/progress?path=`: nil when the book was never played.
  public func progress(libraryID: Int, path: String) async throws(APIError) -> ProgressRow? {
    try field(
      "progress", as: ProgressRow.self,
      from: await perform("GET", "/libraries/\(libraryID)/progress", ["path": path]))
  }

  /// `PUT /libraries/{id}/progress?path=`: returns the row that won, which is
  /// the stored one, not this save, when the server already has a newer one.
  public func saveProgress(libraryID: Int, path: String, _ save: ProgressSave)
    async throws(APIError)
    -> ProgressRow
  {
    let response = try await perform(
      "PUT", "/libraries/\(libraryID)/progress", ["path": path], body: json(save))
    guard let row = try field("progress", as: ProgressRow.self, from: response) else {
      throw .invalidResponse("progress: missing from the save's answer")
    }
    return row
  }

  // MARK: Bookmarks and notes

  /// `GET /libraries/{id}/bookmarks?path=`.
  public func bookmarks(libraryID: Int, path: String) async throws(APIError) -> [Bookmark] {
    try list(
      "bookmarks", of: Bookmark.self,
      from: await perform("GET", "/libraries/\(libraryID)/bookmarks", ["path": path]))
  }

  /// `POST /libraries/{id}/bookmarks?path= {position, note?}` → the bookmark.
  public func addBookmark(libraryID: Int, path: String, position: Double, note: String? = nil)
    async throws(APIError) -> Bookmark
  {
    let body = try json(BookmarkBody(position: position, note: note))
    return try decode(
      Bookmark.self,
      from: await perform("POST", "/libraries/\(libraryID)/bookmarks", ["path": path], body: body))
  }

  /// `DELETE /bookmarks/{id}` (204 even when already gone).
  public func deleteBookmark(id: Int) async throws(APIError) {
    _ = try await perform("DELETE", "/bookmarks/\(id)")
  }

  /// `GET /libraries/{id}/notes?path=`.
  public func notes(libraryID: Int, path: String) async throws(APIError) -> [Note] {
    try list(
      "notes", of: Note.self,
      from: await perform("GET", "/libraries/\(libraryID)/notes", ["path": path]))
  }

  /// `POST /libraries/{id}/notes?path= {position?, body}` → the note.
  public func addNote(libraryID: Int, path: String, position: Double? = nil, body: String)
    async throws(APIError) -> Note
  {
    let payload = try json(NoteBody(position: position, body: body))
    return try decode(
      Note.self,
      from: await perform("POST", "/libraries/\(libraryID)/notes", ["path": path], body: payload))
  }

  /// `DELETE /notes/{id}`.
  public func deleteNote(id: Int) async throws(APIError) {
    _ = try await perform("DELETE", "/notes/\(id)")
  }

  // MARK: History

  /// `GET /me/history?limit=`: newest first, across books.
  public func history(limit: Int? = nil) async throws(APIError) -> [HistoryEntry] {
    try list(
      "history", of: HistoryEntry.self, from: await perform("GET", "/me/history", ["limit": limit]))
  }

  /// `GET /libraries/{id}/history?path=&limit=`: one book's spans, newest first.
  public func bookHistory(libraryID: Int, path: String, limit: Int? = nil) async throws(APIError)
    -> [HistoryEntry]
  {
    try list(
      "history", of: HistoryEntry.self,
      from: await perform(
        "GET", "/libraries/\(libraryID)/history", ["path": path, "limit": limit]))
  }

  /// `POST /libraries/{id}/history?path= {from_pos, to_pos, started_at, ended_at}`.
  public func addHistory(libraryID: Int, path: String, _ span: HistorySpan) async throws(APIError) {
    _ = try await perform(
      "POST", "/libraries/\(libraryID)/history", ["path": path], body: json(span))
  }

  // MARK: Favourites

  /// `GET /me/favourites`; a server without favourites (404) has none.
  public func favourites() async throws(APIError) -> [Favourite] {
    do throws(APIError) {
      return try list(
        "favourites", of: Favourite.self, from: await perform("GET", "/me/favourites"))
    } catch .server(status: 404, _) {
      return []
    }
  }

  /// `POST /libraries/{id}/favourites?path=` (idempotent).
  public func addFavourite(libraryID: Int, path: String) async throws(APIError) {
    _ = try await perform("POST", "/libraries/\(libraryID)/favourites", ["path": path])
  }

  /// `DELETE /libraries/{id}/favourites?path=` (idempotent).
  public func removeFavourite(libraryID: Int, path: String) async throws(APIError) {
    _ = try await perform("DELETE", "/libraries/\(libraryID)/favourites", ["path": path])
  }
}

/// `{position, note?}`: `note` left out when nil.
private struct BookmarkBody: Encodable {
  let position: Double
  let note: String?
}

/// `{position?, body}`: `position` left out when nil.
private struct NoteBody: Encodable {
  let position: Double?
  let body: String
}
