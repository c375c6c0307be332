import Foundation

// One book: its metadata, chapters, community metadata and media.

extension AudioSiloClient {
  /// `GET /libraries/{id}/item?path=`: the book with files, chapters and
  /// `directPlayable`. The server indexes on demand, so a new book works.
  public func item(libraryID: Int, path: String) async throws(APIError) -> Book {
    try decode(
      Book.self, from: await perform("GET", "/libraries/\(libraryID)/item", ["path": path]))
  }

  /// `GET /libraries/{id}/chapters?path=`.
  public func chapters(libraryID: Int, path: String) async throws(APIError) -> ChaptersResponse {
    try decode(
      ChaptersResponse.self,
      from: await perform("GET", "/libraries/\(libraryID)/chapters", ["path": path]))
  }

  /// `GET /libraries/{id}/meta?path=`, only when the `metadata` capability
  /// is on. Nil when the upstream service is down (502): the book page then
  /// shows nothing rather than an error.
  public func meta(libraryID: Int, path: String) async throws(APIError) -> BookMeta? {
    do throws(APIError) {
      return try decode(
        BookMeta.self, from: await perform("GET", "/libraries/\(libraryID)/meta", ["path": path]))
    } catch .server(status: 502, _) {
      return nil
    }
  }

  // MARK: Media

  /// `/libraries/{id}/stream?path=…[&download=1][&transcode=1][&t=…]` for ONE
  /// audio file, without a token: send `authHeaders` with it. `transcodeFrom`
  /// asks for MP3 from that second (capability `transcode`); `t` is only sent
  /// when it is above 0.
  public func streamURL(
    libraryID: Int, path: String, download: Bool = false, transcodeFrom: Double? = nil
  ) -> URL {
    let start = transcodeFrom.flatMap { $0 > 0 ? $0 : nil }
    return apiURL(
      "/libraries/\(libraryID)/stream",
      [
        "path": path, "download": download ? 1 : nil, "transcode": transcodeFrom != nil ? 1 : nil,
        "t": start,
      ])
  }

  /// The stream as a request: URL plus `Authorization`, for a player source or
  /// a downloader that sets headers. No overall timeout worth the name and no
  /// size cap: an audiobook file is large and plays for hours.
  public func streamRequest(
    libraryID: Int, path: String, download: Bool = false, transcodeFrom: Double? = nil
  ) -> HTTPRequest {
    HTTPRequest(
      method: "GET",
      url: streamURL(
        libraryID: libraryID, path: path, download: download, transcodeFrom: transcodeFrom),
      headers: authHeaders, timeout: .seconds(24 * 3600), maxResponseBytes: .max, followsRedirects: true)
  }

  /// `/libraries/{id}/cover?path=<book path>`, without a token.
  public func coverURL(libraryID: Int, path: String) -> URL {
    apiURL("/libraries/\(libraryID)/cover", ["path": path])
  }

  /// The cover as a request, with `Authorization`.
  public func coverRequest(libraryID: Int, path: String) -> HTTPRequest {
    HTTPRequest(
      method: "GET", url: coverURL(libraryID: libraryID, path: path), headers: authHeaders,
      timeout: Self.requestTimeout, followsRedirects: true)
  }

  /// The cover's bytes, paced like every other request; nil when the book has
  /// no cover (404).
  public func cover(libraryID: Int, path: String) async throws(APIError) -> Data? {
    if token != nil { try await confirmIdentity() }
    let response = try await exchange(coverRequest(libraryID: libraryID, path: path))
    if token != nil { try await confirmIdentity(after: response) }
    if response.status == 404 { return nil }
    let body = try checked(response, plainTextBody: true)
    if body.bodyTruncated { throw .invalidResponse("the cover was larger than Hark accepts") }
    return body.body
  }
}
