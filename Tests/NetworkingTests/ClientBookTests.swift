import Foundation
import HarkCore
import XCTest

/// One book: item, chapters, community metadata, and the media requests,
/// which carry the token in a header and never in the URL.
final class ClientBookTests: ClientTestCase {

  func testItemOfAMultiFileBook() async throws {
    let client = try await h.signedIn()
    let sample = try XCTUnwrap(h.library.book("mp3-multi"))
    let book = try await client.item(libraryID: 1, path: ClientHarness.multiFileBook)
    XCTAssertEqual(book.libraryID, 1)
    XCTAssertEqual(book.relPath, ClientHarness.multiFileBook)
    XCTAssertTrue(book.isFolder)
    XCTAssertEqual(book.title, sample.title)
    XCTAssertEqual(book.author, sample.author)
    XCTAssertEqual(book.narrator, "Eleanor Vance")
    XCTAssertEqual(book.directPlayable, true)
    XCTAssertEqual(book.files.map(\.seq), [0, 1, 2, 3])
    XCTAssertEqual(Set(book.files.map(\.relPath)), Set(sample.files.map(\.path)))
    XCTAssertEqual(book.duration, sample.files.map(\.duration).reduce(0, +), accuracy: 0.01)
    XCTAssertEqual(book.chapters.count, 4)
    XCTAssertEqual(book.chapters.map(\.filePath), book.files.map(\.relPath))
    XCTAssertTrue(book.otherLocations.isEmpty)
  }

  func testItemIndexesOnDemandAndRefusesNonBooks() async throws {
    let client = try await h.signedIn()
    let loose = try await client.item(libraryID: 1, path: "Gapless/source.wav")
    XCTAssertFalse(loose.isFolder)
    XCTAssertEqual(loose.format, "wav")
    XCTAssertEqual(loose.files.map(\.relPath), ["Gapless/source.wav"])
    XCTAssertEqual(loose.chapters, [], "chapters: null reads as none")

    let missing = await apiError { try await client.item(libraryID: 1, path: "No Such/Book") }
    XCTAssertEqual(missing, .server(status: 404, message: "not found"))
    let empty = await apiError { try await client.item(libraryID: 1, path: "") }
    XCTAssertEqual(empty, .server(status: 400, message: "missing path"))
    let escaping = await apiError { try await client.item(libraryID: 1, path: "../etc") }
    XCTAssertEqual(escaping, .server(status: 400, message: "path escapes library root"))
    let noLibrary = await apiError { try await client.item(libraryID: 99, path: "x") }
    XCTAssertEqual(noLibrary, .server(status: 404, message: "library not found"))
  }

  func testChapters() async throws {
    let client = try await h.signedIn()
    let m4b = try await client.chapters(libraryID: 1, path: ClientHarness.m4bBook)
    XCTAssertEqual(m4b.libraryID, 1)
    XCTAssertEqual(m4b.path, ClientHarness.m4bBook)
    XCTAssertEqual(m4b.files.count, 1)
    XCTAssertGreaterThan(m4b.chapters.count, 2)
    XCTAssertEqual(m4b.chapters.first?.title, "The Brass Seed")
    XCTAssertTrue(
      m4b.chapters.allSatisfy { $0.filePath == m4b.files[0].relPath && $0.end > $0.start })
    XCTAssertEqual(m4b.chapters.map(\.index), Array(0..<m4b.chapters.count))
    XCTAssertEqual(m4b.codec, "aac")

    // The known quirk: multi-file FLAC books report book_offset 0 everywhere.
    let flac = try await client.chapters(
      libraryID: 1, path: "Beatrix Fenwick/Notes from a Small Harbour")
    XCTAssertEqual(flac.files.count, 2)
    XCTAssertEqual(flac.chapters.map(\.bookOffset), [0, 0])
    XCTAssertEqual(flac.chapters.map(\.fileIndex), [0, 1])
    XCTAssertTrue(flac.isFolder)
  }

  func testMetaMatchedUnmatchedAndUpstreamDown() async throws {
    let client = try await h.signedIn()
    let matched = try await client.meta(libraryID: 1, path: ClientHarness.matchedBook)
    XCTAssertEqual(matched?.matched, true)
    XCTAssertEqual(matched?.work?.title, "The Salt Road")
    XCTAssertEqual(matched?.work?.authors.map(\.name), ["Rosalind Achterberg"])
    XCTAssertEqual(matched?.work?.characters.count, 3)
    XCTAssertEqual(
      matched?.series.first?.works.map(\.title),
      ["The Salt Road", "The Drowned Bell", "The Last Tide"])
    XCTAssertNotNil(matched?.recording)

    let unmatched = try await client.meta(libraryID: 1, path: "Ingrid Marsh/The Long Night Watch")
    XCTAssertEqual(unmatched, .unmatched)

    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries/1/meta", "status": 502, "body": {"error": "metadata service unavailable"}, "count": 1}"#
    )
    let down = try await client.meta(libraryID: 1, path: ClientHarness.matchedBook)
    XCTAssertNil(down, "a 502 shows nothing, not an error")

    // Other failures are still errors.
    try await h.control("POST", "capabilities", json: #"{"metadata": false}"#)
    let off = await apiError {
      try await client.meta(libraryID: 1, path: ClientHarness.matchedBook)
    }
    try await h.control("POST", "capabilities", json: #"{"metadata": true}"#)
    XCTAssertEqual(off, .server(status: 404, message: "not found"))
  }

  func testCoverAndStreamSendTheTokenInTheHeaderOnly() async throws {
    let client = try await h.signedIn()
    let since = try await h.lastSeq()
    let sample = try XCTUnwrap(h.library.book("mp3-multi"))

    let cover = try await client.cover(libraryID: 1, path: ClientHarness.multiFileBook)
    let coverFile = try XCTUnwrap(sample.cover)
    XCTAssertEqual(cover, try Data(contentsOf: URL(fileURLWithPath: h.library.path(coverFile))))
    let none = try await client.cover(libraryID: 1, path: ClientHarness.m4bBook)
    XCTAssertNil(none, "no cover is nil, not an error")

    let file = sample.files[0].path
    var stream = client.streamRequest(libraryID: 1, path: file, download: true)
    stream.headers["Range"] = "bytes=0-99"
    // Media bodies are uncapped (Int.max); the transport must cope with that.
    XCTAssertEqual(stream.maxResponseBytes, .max)
    XCTAssertFalse(stream.url.absoluteString.contains("token"))
    XCTAssertFalse(
      client.coverURL(libraryID: 1, path: ClientHarness.multiFileBook).absoluteString.contains(
        "token"))
    let response = try await h.transport.send(stream)
    XCTAssertEqual(response.status, 206)
    XCTAssertEqual(response.headers["content-type"], "audio/mpeg")
    XCTAssertNotNil(response.headers["content-disposition"])
    let original = try Data(contentsOf: URL(fileURLWithPath: h.library.path(file)))
    XCTAssertEqual(response.body, original.prefix(100))

    // The server logs a response's status once it has finished sending it,
    // which can be a moment after the client has the whole body.
    var media: [LoggedRequest] = []
    for _ in 0..<100 {
      media = try await h.requests(since: since).filter {
        $0.path.hasSuffix("/stream") || $0.path.hasSuffix("/cover")
      }
      if media.count == 3, media.allSatisfy({ $0.status != nil }) { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    XCTAssertEqual(media.count, 3)
    for request in media {
      XCTAssertEqual(request.authorization, "present", request.path)
      XCTAssertNil(request.params["token"], request.path)
      XCTAssertFalse(request.query.contains("token="), request.query)
    }
    XCTAssertEqual(media.map(\.status), [200, 404, 206])
    // Nothing this class sent ever had a token in a URL.
    let everything = try await h.requests()
    XCTAssertFalse(everything.contains { $0.query.contains("token=") })
  }
}
