import XCTest

@testable import HarkCore

/// Server, session, library, book and media routes: method, URL, headers
/// and exact JSON body (see `checkRequest`).
final class EndpointTests: XCTestCase {
  // MARK: Server and session

  func testServerInfo() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.serverInfo))
    let info = try await client.serverInfo()
    XCTAssertEqual(info.name, "Home")
    // A public route: the token stays home (this is also how Hark asks who
    // answers at an address before sending the token there).
    let request = try XCTUnwrap(transport.onlyRequest())
    XCTAssertEqual(request.method, "GET")
    XCTAssertEqual(request.url.absoluteString, "\(apiPrefix)/server")
    XCTAssertNil(request.headers["Authorization"])
    XCTAssertEqual(request.headers["Accept"], "application/json")
  }

  func testHealthzLivesOutsideTheAPIPrefix() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"status":"ok"}"#))
    try await client.healthz()
    XCTAssertEqual(transport.onlyRequest()?.url.absoluteString, "https://books.example.com/healthz")

    transport.answer(.json(#"{"status":"down"}"#, status: 503, reason: "Service Unavailable"))
    let error = await apiError { () async throws(APIError) in try await client.healthz() }
    XCTAssertEqual(error, .server(status: 503, message: "Service Unavailable"))
  }

  func testRedeem() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.pairing))
    let payload = try await client.redeem(code: "9M4K-P2TQ-WX7V-3RHD")
    XCTAssertEqual(payload.pairingToken, "pt-1")
    try checkRequest(
      transport.onlyRequest(), "POST", "\(apiPrefix)/auth/redeem",
      body: ["code": "9M4K-P2TQ-WX7V-3RHD"])
  }

  func testExchange() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.session))
    let session = try await client.exchange(pairingToken: "pt-1", deviceName: "Hark on laptop")
    XCTAssertEqual(session.token, "tok-1")
    try checkRequest(
      transport.onlyRequest(), "POST", "\(apiPrefix)/auth/exchange",
      body: ["pairing_token": "pt-1", "device_name": "Hark on laptop"])
  }

  func testLogin() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"token": "t", "user": {"id": 1, "username": "ada"}}"#))
    let session = try await client.login(username: "ada", password: "pw", deviceName: "Hark")
    XCTAssertEqual(session.user.username, "ada")
    try checkRequest(
      transport.onlyRequest(), "POST", "\(apiPrefix)/auth/login",
      body: ["username": "ada", "password": "pw", "device_name": "Hark"])
  }

  func testDemoSession() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(
        #"{"token": "t", "server_id": "s", "user": \#(Fixture.user), "pairing": \#(Fixture.pairing)}"#
      ))
    let session = try await client.demoSession(deviceName: "Hark")
    XCTAssertEqual(session.pairing?.pairingToken, "pt-1")
    try checkRequest(
      transport.onlyRequest(), "POST", "\(apiPrefix)/demo/session", body: ["device_name": "Hark"])
  }

  func testLogout() async throws {
    let (client, transport) = makeClient()
    transport.answer(.empty())
    try await client.logout()
    try checkRequest(transport.onlyRequest(), "POST", "\(apiPrefix)/auth/logout")
  }

  func testMe() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.user))
    let user = try await client.me()
    XCTAssertEqual(user.id, 7)
    try checkRequest(transport.onlyRequest(), "GET", "\(apiPrefix)/me")
  }

  func testPair() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.pairing))
    _ = try await client.pair()
    try checkRequest(transport.onlyRequest(), "POST", "\(apiPrefix)/auth/pair")
  }

  func testSetPasswordSendsCurrentOnlyWhenGiven() async throws {
    let (client, transport) = makeClient()
    transport.answer(.empty(), .empty())
    try await client.setPassword("new")
    try await client.setPassword("new", current: "old")
    let requests = transport.requests
    try checkRequest(
      requests.first, "POST", "\(apiPrefix)/auth/password", body: ["password": "new"])
    try checkRequest(
      requests.last, "POST", "\(apiPrefix)/auth/password",
      body: ["password": "new", "current_password": "old"])
  }

  func testAPIKeys() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"token": "key-secret", "api_key": \#(Fixture.apiKey)}"#),
      .json(#"{"api_keys": [\#(Fixture.apiKey)]}"#),
      .json(#"{"api_keys": null}"#),
      .empty(200, reason: "OK"))
    let created = try await client.createAPIKey(label: "dashboard")
    XCTAssertEqual(created.apiKey.label, "dashboard")
    XCTAssertFalse(created.description.contains("key-secret"))
    let listed = try await client.listAPIKeys()
    XCTAssertEqual(listed.map(\.id), [3])
    let none = try await client.listAPIKeys()
    XCTAssertEqual(none, [])
    try await client.revokeAPIKey(id: 3)  // an empty 200 is fine where nothing is returned
    let requests = transport.requests
    try checkRequest(requests[0], "POST", "\(apiPrefix)/auth/tokens", body: ["label": "dashboard"])
    try checkRequest(requests[1], "GET", "\(apiPrefix)/auth/tokens")
    try checkRequest(requests[3], "DELETE", "\(apiPrefix)/auth/tokens/3")
  }

  // MARK: Libraries and browsing

  func testLibraries() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(
        #"{"libraries": [{"id": 1, "name": "Main", "root": "/srv", "default_view": "hybrid", "sort_order": 0}]}"#
      ),
      .json(#"{"libraries": null}"#))
    let libraries = try await client.libraries()
    XCTAssertEqual(libraries, [Library(id: 1, name: "Main", root: "/srv", defaultView: "hybrid")])
    let none = try await client.libraries()
    XCTAssertEqual(none, [])
    try checkRequest(transport.requests.first, "GET", "\(apiPrefix)/libraries")
  }

  func testBrowse() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"path": "", "entries": [], "total": 0, "offset": 0}"#),
      .json(#"{"path": "Author/Series", "entries": [], "total": 0, "offset": 200}"#))
    _ = try await client.browse(libraryID: 1)
    _ = try await client.browse(libraryID: 1, path: "Author/Series", offset: 200, limit: 500)
    try checkRequest(transport.requests[0], "GET", "\(apiPrefix)/libraries/1/fs?path=")
    try checkRequest(
      transport.requests[1], "GET",
      "\(apiPrefix)/libraries/1/fs?path=Author%2FSeries&offset=200&limit=500")
  }

  func testBooks() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"books": [\#(Fixture.listBook)], "next_cursor": "c2=="}"#),
      .json(#"{"books": null}"#))
    let page = try await client.books(libraryID: 2, author: "A. Author", sort: .title, limit: 100)
    XCTAssertEqual(page.books.count, 1)
    XCTAssertEqual(page.nextCursor, "c2==")
    let last = try await client.books(libraryID: 2, series: "Saga & Co", cursor: "c2==")
    XCTAssertEqual(last, BooksPage(books: []))
    try checkRequest(
      transport.requests[0], "GET",
      "\(apiPrefix)/libraries/2/books?author=A.+Author&sort=title&limit=100")
    try checkRequest(
      transport.requests[1], "GET",
      "\(apiPrefix)/libraries/2/books?series=Saga+%26+Co&cursor=c2%3D%3D")
  }

  func testSearch() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(
        #"{"books": [{"library_id": 1, "rel_path": "b", "dedup_key": "k", "multi_file": false, "other_locations": [{"library_id": 2, "library_name": "Second", "path": "c"}]}]}"#
      ))
    let books = try await client.search("tolkien hobb", limit: 20)
    XCTAssertEqual(books.first?.dedupKey, "k")
    XCTAssertEqual(
      books.first?.otherLocations, [BookLocation(libraryID: 2, libraryName: "Second", path: "c")])
    try checkRequest(transport.onlyRequest(), "GET", "\(apiPrefix)/search?q=tolkien+hobb&limit=20")
  }

  func testABlankSearchSendsNothing() async throws {
    let (client, transport) = makeClient()
    let books = try await client.search("   ")
    XCTAssertEqual(books, [])
    XCTAssertEqual(transport.requests, [])
  }

  func testRecentBooks() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"books": [\#(Fixture.listBook)]}"#))
    let books = try await client.recentBooks(limit: 12)
    XCTAssertEqual(books.count, 1)
    try checkRequest(transport.onlyRequest(), "GET", "\(apiPrefix)/books/recent?limit=12")
  }

  // MARK: A book

  func testItem() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(Fixture.item))
    let book = try await client.item(libraryID: 2, path: "A/Book")
    XCTAssertEqual(book.files.count, 2)
    try checkRequest(transport.onlyRequest(), "GET", "\(apiPrefix)/libraries/2/item?path=A%2FBook")
  }

  func testChapters() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(
        #"{"library_id": 2, "path": "A/Book", "duration": 1200, "is_folder": true, "files": null, "chapters": [\#(Fixture.chapter)], "codec": "mp3", "direct_playable": true}"#
      ))
    let chapters = try await client.chapters(libraryID: 2, path: "A/Book")
    XCTAssertEqual(chapters.chapters.count, 1)
    XCTAssertEqual(chapters.files, [])
    try checkRequest(
      transport.onlyRequest(), "GET", "\(apiPrefix)/libraries/2/chapters?path=A%2FBook")
  }

  func testMetaAndItsOutage() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(Fixture.meta),
      .json(#"{"error": "metadata service unavailable"}"#, status: 502, reason: "Bad Gateway"),
      .json(#"{"error": "not found"}"#, status: 404, reason: "Not Found"))
    let meta = try await client.meta(libraryID: 2, path: "A/Book")
    XCTAssertEqual(meta?.work?.title, "The Book")
    let outage = try await client.meta(libraryID: 2, path: "A/Book")
    XCTAssertNil(outage, "502: show nothing")
    let missing = await apiError { () async throws(APIError) in
      try await client.meta(libraryID: 2, path: "A/Book")
    }
    XCTAssertEqual(missing, .server(status: 404, message: "not found"))
    try checkRequest(transport.requests[0], "GET", "\(apiPrefix)/libraries/2/meta?path=A%2FBook")
  }

  // MARK: Media

  func testMediaURLsCarryNoToken() {
    let (client, _) = makeClient()
    XCTAssertEqual(
      client.streamURL(libraryID: 2, path: "A/Book/01 Intro.mp3").absoluteString,
      "\(apiPrefix)/libraries/2/stream?path=A%2FBook%2F01+Intro.mp3")
    XCTAssertEqual(
      client.streamURL(libraryID: 2, path: "b.m4b", download: true).absoluteString,
      "\(apiPrefix)/libraries/2/stream?path=b.m4b&download=1")
    XCTAssertEqual(
      client.streamURL(libraryID: 2, path: "b.m4b", transcodeFrom: 0).absoluteString,
      "\(apiPrefix)/libraries/2/stream?path=b.m4b&transcode=1", "t only when above 0")
    XCTAssertEqual(
      client.streamURL(libraryID: 2, path: "b.m4b", transcodeFrom: 95.5).absoluteString,
      "\(apiPrefix)/libraries/2/stream?path=b.m4b&transcode=1&t=95.5")
    XCTAssertEqual(
      client.coverURL(libraryID: 2, path: "A/Book").absoluteString,
      "\(apiPrefix)/libraries/2/cover?path=A%2FBook")

    let stream = client.streamRequest(libraryID: 2, path: "b.m4b")
    XCTAssertEqual(stream.headers, ["Authorization": "Bearer secret"])
    XCTAssertFalse(stream.url.absoluteString.contains("token"))
    let cover = client.coverRequest(libraryID: 2, path: "A/Book")
    XCTAssertEqual(cover.headers, ["Authorization": "Bearer secret"])
    XCTAssertFalse(cover.url.absoluteString.contains("token"))
  }

  func testCoverBytesAndMissingCover() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      HTTPResponse(
        status: 200, reason: "OK", headers: ["content-type": "image/jpeg"],
        body: Data([0xFF, 0xD8])),
      .json(#"{"error":"no cover"}"#, status: 404, reason: "Not Found"))
    let bytes = try await client.cover(libraryID: 2, path: "A/Book")
    XCTAssertEqual(bytes, Data([0xFF, 0xD8]))
    let missing = try await client.cover(libraryID: 2, path: "A/Book")
    XCTAssertNil(missing)
    XCTAssertEqual(transport.requests.first?.headers["Authorization"], "Bearer secret")
  }

  // MARK: Headers

  func testNoTokenMeansNoAuthorizationHeader() async throws {
    let (client, transport) = makeClient(token: nil)
    transport.answer(.json(Fixture.serverInfo))
    _ = try await client.serverInfo()
    XCTAssertNil(transport.onlyRequest()?.headers["Authorization"])
    XCTAssertEqual(client.withToken("new").authHeaders, ["Authorization": "Bearer new"])
  }

  func testNoRequestURLEverCarriesAToken() async throws {
    let (client, transport) = makeClient()
    _ = try? await client.serverInfo()
    _ = try? await client.me()
    _ = try? await client.libraries()
    _ = try? await client.item(libraryID: 1, path: "token=x")
    _ = try? await client.cover(libraryID: 1, path: "b")
    _ = try? await client.progress()
    let urls = transport.requests.map(\.url.absoluteString)
    XCTAssertEqual(urls.count, 6)
    for url in urls {
      XCTAssertFalse(url.contains("token="), url)
    }
  }
}
