import XCTest

@testable import HarkCore

/// Progress, bookmarks, notes, history and favourites: method, URL, headers
/// and exact JSON body (see `checkRequest`).
final class ListeningEndpointTests: XCTestCase {
  // MARK: Listening state

  func testAllProgress() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"progress": [\#(Fixture.progressRow)]}"#), .json(#"{"progress": null}"#))
    let rows = try await client.progress()
    XCTAssertEqual(rows.map(\.path), ["A/Book"])
    let none = try await client.progress()
    XCTAssertEqual(none, [])
    try checkRequest(transport.requests[0], "GET", "\(apiPrefix)/me/progress")
  }

  func testOneBooksProgress() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"progress": \#(Fixture.progressRow)}"#), .json(#"{"progress": null}"#))
    let row = try await client.progress(libraryID: 2, path: "A/Book")
    XCTAssertEqual(row?.position, 321.5)
    let never = try await client.progress(libraryID: 2, path: "A/Book")
    XCTAssertNil(never)
    try checkRequest(
      transport.requests[0], "GET", "\(apiPrefix)/libraries/2/progress?path=A%2FBook")
  }

  func testSaveProgressSendsExactlyTheSevenFieldsAndReturnsTheWinner() async throws {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"progress": \#(Fixture.progressRow)}"#))
    let save = ProgressSave(
      position: 400.5, duration: 1200, finished: false, playbackSpeed: 1.5, deviceID: "dev-2",
      updatedAt: "2026-07-12T09:29:00.000Z")
    let winner = try await client.saveProgress(libraryID: 2, path: "A/Book", save)
    XCTAssertEqual(winner.position, 321.5, "the stored row won")
    XCTAssertEqual(winner.deviceID, "dev-1")
    try checkRequest(
      transport.onlyRequest(), "PUT", "\(apiPrefix)/libraries/2/progress?path=A%2FBook",
      body: [
        "position": 400.5, "duration": 1200, "finished": false, "playback_speed": 1.5, "version": 0,
        "device_id": "dev-2", "updated_at": "2026-07-12T09:29:00.000Z",
      ])
  }

  func testASaveAnswerWithoutARowIsInvalid() async {
    let (client, transport) = makeClient()
    transport.answer(.json(#"{"progress": null}"#))
    let save = ProgressSave(
      position: 1, duration: 2, finished: false, playbackSpeed: 1, deviceID: "d",
      updatedAt: Timestamp(Date()))
    let error = await apiError { () async throws(APIError) in
      try await client.saveProgress(libraryID: 2, path: "A/Book", save)
    }
    XCTAssertEqual(error, .invalidResponse("progress: missing from the save's answer"))
  }

  func testANonFinitePositionIsNeverSent() async {
    let (client, transport) = makeClient()
    let save = ProgressSave(
      position: .nan, duration: 2, finished: false, playbackSpeed: 1, deviceID: "d", updatedAt: "x")
    let error = await apiError { () async throws(APIError) in
      try await client.saveProgress(libraryID: 2, path: "A/Book", save)
    }
    guard case .invalidResponse = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(transport.requests, [])
  }

  func testBookmarks() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"bookmarks": [\#(Fixture.bookmark)]}"#),
      .json(Fixture.bookmark, status: 201, reason: "Created"),
      .json(Fixture.bookmark, status: 201, reason: "Created"), .empty())
    let marks = try await client.bookmarks(libraryID: 2, path: "A/Book")
    XCTAssertEqual(marks.map(\.id), [5])
    let added = try await client.addBookmark(
      libraryID: 2, path: "A/Book", position: 90, note: "here")
    XCTAssertEqual(added.id, 5)
    _ = try await client.addBookmark(libraryID: 2, path: "A/Book", position: 90)
    try await client.deleteBookmark(id: 5)
    let requests = transport.requests
    try checkRequest(requests[0], "GET", "\(apiPrefix)/libraries/2/bookmarks?path=A%2FBook")
    try checkRequest(
      requests[1], "POST", "\(apiPrefix)/libraries/2/bookmarks?path=A%2FBook",
      body: ["position": 90, "note": "here"])
    try checkRequest(
      requests[2], "POST", "\(apiPrefix)/libraries/2/bookmarks?path=A%2FBook",
      body: ["position": 90])
    try checkRequest(requests[3], "DELETE", "\(apiPrefix)/bookmarks/5")
  }

  func testNotes() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"notes": null}"#), .json(Fixture.note, status: 201, reason: "Created"),
      .json(Fixture.note, status: 201, reason: "Created"), .empty())
    let notes = try await client.notes(libraryID: 2, path: "A/Book")
    XCTAssertEqual(notes, [])
    let added = try await client.addNote(libraryID: 2, path: "A/Book", position: 30, body: "text")
    XCTAssertEqual(added.body, "text")
    _ = try await client.addNote(libraryID: 2, path: "A/Book", body: "whole book")
    try await client.deleteNote(id: 6)
    let requests = transport.requests
    try checkRequest(requests[0], "GET", "\(apiPrefix)/libraries/2/notes?path=A%2FBook")
    try checkRequest(
      requests[1], "POST", "\(apiPrefix)/libraries/2/notes?path=A%2FBook",
      body: ["position": 30, "body": "text"])
    try checkRequest(
      requests[2], "POST", "\(apiPrefix)/libraries/2/notes?path=A%2FBook",
      body: ["body": "whole book"])
    try checkRequest(requests[3], "DELETE", "\(apiPrefix)/notes/6")
  }

  func testHistory() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"history": [\#(Fixture.history)]}"#), .json(#"{"history": null}"#),
      .empty(201, reason: "Created"))
    let all = try await client.history(limit: 50)
    XCTAssertEqual(all.map(\.id), [9])
    let book = try await client.bookHistory(libraryID: 2, path: "A/Book", limit: 10)
    XCTAssertEqual(book, [])
    try await client.addHistory(
      libraryID: 2, path: "A/Book",
      HistorySpan(
        fromPosition: 10, toPosition: 70, startedAt: "2026-07-12T09:00:00.000Z",
        endedAt: "2026-07-12T09:01:00.000Z"))
    let requests = transport.requests
    try checkRequest(requests[0], "GET", "\(apiPrefix)/me/history?limit=50")
    try checkRequest(requests[1], "GET", "\(apiPrefix)/libraries/2/history?path=A%2FBook&limit=10")
    try checkRequest(
      requests[2], "POST", "\(apiPrefix)/libraries/2/history?path=A%2FBook",
      body: [
        "from_pos": 10, "to_pos": 70, "started_at": "2026-07-12T09:00:00.000Z",
        "ended_at": "2026-07-12T09:01:00.000Z",
      ])
  }

  func testFavourites() async throws {
    let (client, transport) = makeClient()
    transport.answer(
      .json(#"{"favourites": [\#(Fixture.favourite)]}"#), .json(#"{"favourites": null}"#),
      .json(#"{"error": "not found"}"#, status: 404, reason: "Not Found"),
      .empty(201, reason: "Created"), .empty())
    let favourites = try await client.favourites()
    XCTAssertEqual(favourites.map(\.path), ["A/Folder"])
    let none = try await client.favourites()
    XCTAssertEqual(none, [])
    let unsupported = try await client.favourites()
    XCTAssertEqual(unsupported, [], "404 reads as no favourites")
    try await client.addFavourite(libraryID: 2, path: "A/Folder")
    try await client.removeFavourite(libraryID: 2, path: "A/Folder")
    let requests = transport.requests
    try checkRequest(requests[0], "GET", "\(apiPrefix)/me/favourites")
    try checkRequest(requests[3], "POST", "\(apiPrefix)/libraries/2/favourites?path=A%2FFolder")
    try checkRequest(requests[4], "DELETE", "\(apiPrefix)/libraries/2/favourites?path=A%2FFolder")
  }
}
