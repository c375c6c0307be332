import XCTest

@testable import HarkCore

/// Tolerant decoding: null lists, missing optionals and unknown fields are
/// fine; wrong types, truncation and non-JSON are `.invalidResponse`.
final class ModelDecodingTests: XCTestCase {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  func testAFullBookDecodes() throws {
    let book = try decode(Book.self, Fixture.item)
    XCTAssertEqual(book.libraryID, 2)
    XCTAssertEqual(book.relPath, "A/Book")
    XCTAssertEqual(book.files.map(\.relPath), ["A/Book/01.mp3", "A/Book/02.mp3"])
    XCTAssertEqual(book.files.first?.duration, 600.5)
    XCTAssertEqual(
      book.chapters,
      [
        Chapter(
          index: 0, title: "Opening", fileIndex: 0, filePath: "A/Book/01.mp3", start: 0, end: 600.5)
      ])
    XCTAssertEqual(book.directPlayable, true)
    XCTAssertEqual(book.codec, "mp3")
  }

  func testAListBookHasEmptySingleBookFields() throws {
    let book = try decode(Book.self, Fixture.listBook)
    XCTAssertEqual(book.seriesIndex, 1.5)
    XCTAssertEqual(book.size, 123_456_789)
    XCTAssertEqual(book.files, [])
    XCTAssertEqual(book.chapters, [])
    XCTAssertNil(book.directPlayable)
    XCTAssertEqual(book.addedAt?.date, Date(timeIntervalSince1970: 1_767_323_045))
  }

  func testNullListsReadAsEmpty() throws {
    let book = try decode(
      Book.self,
      #"{"library_id": 1, "rel_path": "b", "files": null, "chapters": null, "other_locations": null}"#
    )
    XCTAssertEqual(book.files, [])
    XCTAssertEqual(book.chapters, [])
    XCTAssertEqual(book.otherLocations, [])
    XCTAssertEqual(try decode(BooksPage.self, #"{"books": null}"#).books, [])
    XCTAssertEqual(
      try decode(FsListing.self, #"{"path": "", "entries": null, "total": 0, "offset": 0}"#)
        .entries, [])
    XCTAssertEqual(
      try decode(
        ChaptersResponse.self, #"{"library_id": 1, "path": "b", "files": null, "chapters": null}"#
      ).chapters, [])
    XCTAssertEqual(try decode(AuthMethods.self, #"{"methods": null}"#).methods, [])
    let meta = try decode(
      BookMeta.self,
      #"{"matched": true, "series": null, "work": {"id": "w", "title": "T", "authors": null, "characters": null, "recaps": null}}"#
    )
    XCTAssertEqual(meta.series, [])
    XCTAssertEqual(meta.work?.characters, [])
  }

  func testMissingOptionalsAndUnknownFieldsAreFine() throws {
    let book = try decode(
      Book.self,
      ##"{"library_id": 1, "rel_path": "b", "cover_color": {"bg": "#000000"}, "published": "2001"}"##
    )
    XCTAssertEqual(book, Book(libraryID: 1, relPath: "b"))

    let info = try decode(
      ServerInfo.self, #"{"name": "Old", "server_id": "s", "capabilities": {"transcode": true}}"#)
    XCTAssertEqual(info.capabilities, ServerCapabilities(transcode: true))
    XCTAssertNil(info.demo)
    XCTAssertEqual(info.auth.methods, [])
  }

  func testServerInfoDecodes() throws {
    let info = try decode(ServerInfo.self, Fixture.serverInfo)
    XCTAssertEqual(info.serverID, "srv-1")
    XCTAssertEqual(
      info.capabilities,
      ServerCapabilities(
        adminUI: true, webPlayer: true, transcode: true, websocket: true, apiKeys: true))
    XCTAssertEqual(info.auth.methods, ["password", "code"])
    XCTAssertEqual(info.demo, DemoMode(enabled: false))
  }

  func testSessionAndPairingDecode() throws {
    let session = try decode(AuthSession.self, Fixture.session)
    XCTAssertEqual(session.serverID, "srv-1")
    XCTAssertEqual(session.user.username, "ada")
    XCTAssertTrue(session.user.hasPassword)
    XCTAssertFalse(session.description.contains("tok-1"), "the token stays out of logs")

    let login = try decode(AuthSession.self, #"{"token": "t", "user": {"id": 1, "username": "u"}}"#)
    XCTAssertNil(login.serverID)

    let payload = try decode(PairingPayload.self, Fixture.pairing)
    XCTAssertEqual(payload.pairingToken, "pt-1")
    XCTAssertEqual(payload.usesRemaining, 2)
    XCTAssertEqual(payload.links.web, "https://books.example.com/web")
    XCTAssertNil(payload.links.ios)
    XCTAssertNotNil(payload.codeExpiresAt?.date)
  }

  func testListeningShapesDecode() throws {
    let row = try decode(ProgressRow.self, Fixture.progressRow)
    XCTAssertEqual(row.position, 321.5)
    XCTAssertEqual(row.playbackSpeed, 1.25)
    XCTAssertEqual(row.updatedAt.rawValue, "2026-07-12T09:30:00.123Z")
    XCTAssertEqual(try decode(Bookmark.self, Fixture.bookmark).note, "here")
    XCTAssertEqual(try decode(Note.self, Fixture.note).position, 30)
    XCTAssertNil(
      try decode(Note.self, #"{"id": 1, "library_id": 1, "path": "b", "body": "x"}"#).position)
    let span = try decode(HistoryEntry.self, Fixture.history)
    XCTAssertEqual(span.fromPosition, 10)
    XCTAssertEqual(span.toPosition, 70)
    let favourite = try decode(Favourite.self, Fixture.favourite)
    XCTAssertFalse(favourite.isBook)
    XCTAssertNil(favourite.title)
    XCTAssertNil(try decode(APIKey.self, Fixture.apiKey).lastSeen)
  }

  func testARowWithoutAPositionIsMalformedNotZero() {
    XCTAssertThrowsError(try decode(ProgressRow.self, #"{"library_id": 1, "path": "b"}"#))
  }

  func testBookMetaDecodes() throws {
    let meta = try decode(BookMeta.self, Fixture.meta)
    XCTAssertTrue(meta.matched)
    XCTAssertEqual(meta.work?.characters.first?.reveal.chapter, 1)
    XCTAssertEqual(meta.work?.recaps.first?.through.chapter, 3)
    XCTAssertEqual(meta.recording?.runtimeMinutes, 615)
    XCTAssertEqual(meta.series.first?.works.first?.webURL, "https://meta.example/w/0")
    XCTAssertEqual(try decode(BookMeta.self, #"{"matched": false}"#), .unmatched)
  }

  func testMetaIdsAndPositionsAcceptNumbers() throws {
    let series = try decode(
      MetaSeries.self, #"{"id": 12, "name": "S", "position": 2, "works": []}"#)
    XCTAssertEqual(series.id, "12")
    XCTAssertEqual(series.position, "2")
  }

  func testAnUngatedCharacterStaysHidden() throws {
    let character = try decode(MetaCharacter.self, #"{"id": "c", "name": "Twist"}"#)
    XCTAssertEqual(character.reveal.chapter, Int.max)
  }

  func testFsListingDecodes() throws {
    let listing = try decode(
      FsListing.self,
      #"""
      {"path": "A", "total": 3, "offset": 0, "next_offset": 2,
       "entries": [{"name": "Book", "path": "A/Book", "is_dir": true, "is_audio": false, "size": 0,
                    "mod_time": 1783848600, "is_book": true, "title": "The Book", "duration": 60},
                   {"name": "x.mp3", "path": "A/x.mp3", "is_dir": false, "is_audio": true, "size": 9,
                    "mod_time": 1783848600}]}
      """#)
    XCTAssertEqual(listing.nextOffset, 2)
    XCTAssertEqual(listing.entries.map(\.isBook), [true, nil])
    XCTAssertEqual(listing.entries.first?.modTime, 1_783_848_600)
  }

  func testModelsRoundTripThroughTheirOwnEncoding() throws {
    for json in [Fixture.item, Fixture.listBook] {
      let book = try decode(Book.self, json)
      XCTAssertEqual(try JSONDecoder().decode(Book.self, from: JSONEncoder().encode(book)), book)
    }
    let meta = try decode(BookMeta.self, Fixture.meta)
    XCTAssertEqual(try JSONDecoder().decode(BookMeta.self, from: JSONEncoder().encode(meta)), meta)
    let row = try decode(ProgressRow.self, Fixture.progressRow)
    XCTAssertEqual(try JSONDecoder().decode(ProgressRow.self, from: JSONEncoder().encode(row)), row)
  }

  // MARK: Through the client: what a bad answer becomes

  private func itemError(_ response: HTTPResponse) async -> APIError? {
    let (client, transport) = makeClient()
    transport.answer(response)
    return await apiError { () async throws(APIError) in
      try await client.item(libraryID: 2, path: "A/Book")
    }
  }

  func testWrongTypesAreInvalidResponse() async {
    let error = await itemError(.json(#"{"library_id": "two", "rel_path": "A/Book"}"#))
    XCTAssertEqual(error, .invalidResponse("library_id: expected Int"))
    XCTAssertEqual(error?.serverAnswered, true)
  }

  func testAMissingRequiredFieldIsInvalidResponse() async {
    let error = await itemError(.json(#"{"library_id": 2}"#))
    XCTAssertEqual(error, .invalidResponse("rel_path: missing"))
  }

  func testTruncatedJSONIsInvalidResponse() async {
    let error = await itemError(.json(#"{"library_id": 2, "rel_pa"#))
    guard case .invalidResponse = error else { return XCTFail("\(String(describing: error))") }
  }

  func testANonJSON2xxIsInvalidResponse() async {
    let error = await itemError(.text("<html>captive portal</html>", status: 200, reason: "OK"))
    XCTAssertEqual(error, .invalidResponse("not JSON"))
  }

  func testAnEmpty2xxWhereJSONIsPromisedIsInvalidResponse() async {
    let error = await itemError(.empty(200, reason: "OK"))
    XCTAssertEqual(error, .invalidResponse("the answer was empty"))
  }

  func testABodyCutOffByTheTransportIsInvalidResponse() async {
    var response = HTTPResponse.json(Fixture.item)
    response.bodyTruncated = true
    let error = await itemError(response)
    XCTAssertEqual(
      error, .invalidResponse("the answer was cut off after \(response.body.count) bytes"))
  }

  func testAListFieldThatIsNotAListIsInvalidResponse() async {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"libraries": {"id": 1}}"#))
    let error = await apiError { () async throws(APIError) in try await client.libraries() }
    XCTAssertEqual(error, .invalidResponse("libraries: expected Array<Any>"))
  }
}
