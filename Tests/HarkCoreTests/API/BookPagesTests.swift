import XCTest

@testable import HarkCore

final class BookPagesTests: XCTestCase {
  private func page(_ paths: [String], next: String?) -> HTTPResponse {
    let books = paths.map { #"{"library_id": 1, "rel_path": "\#($0)"}"# }.joined(separator: ",")
    let cursor = next.map { #", "next_cursor": "\#($0)""# } ?? ""
    return .json(#"{"books": [\#(books)]\#(cursor)}"#)
  }

  func testAllBooksDrainsEveryPagePassingTheCursorVerbatim() async throws {
    let (client, transport) = makeClient()
    transport.answer(page(["a", "b"], next: "k/1+="), page(["c"], next: "k2"), page([], next: nil))
    let books = try await client.allBooks(libraryID: 1, sort: .recent, pageSize: 2)
    XCTAssertEqual(books.map(\.relPath), ["a", "b", "c"])
    XCTAssertEqual(
      transport.requests.map(\.url.absoluteString),
      [
        "https://books.example.com/api/v1/libraries/1/books?sort=recent&limit=2",
        "https://books.example.com/api/v1/libraries/1/books?sort=recent&limit=2&cursor=k%2F1%2B%3D",
        "https://books.example.com/api/v1/libraries/1/books?sort=recent&limit=2&cursor=k2",
      ])
  }

  func testPagesArriveOneAtATime() async throws {
    let (client, transport) = makeClient()
    transport.answer(page(["a"], next: "k1"), page(["b"], next: nil))
    var iterator = client.bookPages(libraryID: 1).makeAsyncIterator()
    let first = try await iterator.next()
    XCTAssertEqual(first?.map(\.relPath), ["a"])
    XCTAssertEqual(transport.requests.count, 1, "the next page is fetched only when asked for")
    let second = try await iterator.next()
    XCTAssertEqual(second?.map(\.relPath), ["b"])
    let end = try await iterator.next()
    XCTAssertNil(end)
    XCTAssertEqual(transport.requests.count, 2)
  }

  func testARepeatedCursorStopsInsteadOfLoopingForever() async {
    let (client, transport) = makeClient()
    transport.answer(page(["a"], next: "same"), page(["b"], next: "same"))
    let error = await apiError { () async throws(APIError) in
      try await client.allBooks(libraryID: 1)
    }
    XCTAssertEqual(error, .invalidResponse("the server repeated the page cursor same"))
    XCTAssertEqual(transport.requests.count, 2)
  }

  func testAnEmptyCursorIsTheEnd() async throws {
    let (client, transport) = makeClient()
    transport.answer(page(["a"], next: ""))
    let books = try await client.allBooks(libraryID: 1)
    XCTAssertEqual(books.count, 1)
    XCTAssertEqual(transport.requests.count, 1)
  }

  func testAFailingPageEndsTheSequence() async {
    let (client, transport) = makeClient()
    transport.answer(
      page(["a"], next: "k1"),
      .json(#"{"error": "bad cursor"}"#, status: 400, reason: "Bad Request"))
    var iterator = client.bookPages(libraryID: 1).makeAsyncIterator()
    _ = try? await iterator.next()
    let error = await apiError { () async throws(APIError) in try await iterator.next() }
    XCTAssertEqual(error, .server(status: 400, message: "bad cursor"))
    let after = try? await iterator.next()
    XCTAssertEqual(after ?? nil, nil)
  }
}
