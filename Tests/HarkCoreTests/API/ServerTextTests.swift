import XCTest

@testable import HarkCore

/// Issue 21, item 6: text a server sends to be read is safe to show once it
/// is decoded: control characters show as U+FFFD instead of cutting the
/// text at a NUL, and directional overrides stay inside their own text.
/// Paths, which address things on the server, are never changed.
final class ServerTextTests: XCTestCase {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  func testTwoNamesThatDifferOnlyAfterANulStayTwoNames() throws {
    let listing = try decode(
      FsListing.self,
      #"{"path": "", "entries": [{"name": "Lib\u0000One", "path": "Lib\u0000One", "is_dir": true}, {"path": "Lib\u0000Two", "is_dir": true}]}"#)
    XCTAssertEqual(listing.entries.map(\.name), ["Lib\u{FFFD}One", "Lib\u{FFFD}Two"])
    // The paths still address the folders the server has.
    XCTAssertEqual(listing.entries.map(\.path), ["Lib\u{0}One", "Lib\u{0}Two"])
    XCTAssertEqual(pathLeaf("A/Lib\u{0}Two"), "Lib\u{FFFD}Two")
  }

  func testControlCharactersShowAsReplacementsButLinesStay() {
    XCTAssertEqual(displayable("a\u{1}b\u{7F}c\u{85}d"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
    XCTAssertEqual(displayable("one\ttwo\nthree"), "one\ttwo\nthree")
    XCTAssertEqual(displayable("one\r\ntwo\rthree"), "one\ntwo\nthree")
    XCTAssertEqual(displayable("Plain — ünïcödé 書"), "Plain — ünïcödé 書")
  }

  func testAnOverrideIsKeptInsideItsOwnText() {
    // U+202E would reverse whatever follows it in the row.
    XCTAssertEqual(displayable("\u{202E}evil"), "\u{2068}\u{202E}evil\u{2069}")
    // An isolate the text opens is closed; a stray closer is dropped.
    XCTAssertEqual(displayable("\u{2067}rtl"), "\u{2067}rtl\u{2069}")
    XCTAssertEqual(displayable("x\u{2069}y"), "xy")
    for text in ["\u{202E}evil", "\u{2067}rtl", "a\u{0}b", "\u{2068}\u{202D}x\u{2069}"] {
      XCTAssertEqual(displayable(displayable(text)), displayable(text), "applied twice: \(text)")
    }
  }

  func testEveryReadableFieldOfABookIsMadeSafeAndItsPathIsNot() throws {
    let book = try decode(
      Book.self,
      #"""
      {"library_id": 1, "rel_path": "A/B\u0000k", "title": "T\u0000itle", "author": "\u202Eoof", "series": "S\u0007",
       "narrator": "N\u0000", "codec": "aa\u0001c", "chapters": [{"title": "Ch\u0000apter", "file_path": "A/B\u0000k"}]}
      """#)
    XCTAssertEqual(book.relPath, "A/B\u{0}k")
    XCTAssertEqual(book.title, "T\u{FFFD}itle")
    XCTAssertEqual(book.author, "\u{2068}\u{202E}oof\u{2069}")
    XCTAssertEqual(book.series, "S\u{FFFD}")
    XCTAssertEqual(book.narrator, "N\u{FFFD}")
    XCTAssertEqual(book.codec, "aa\u{FFFD}c")
    XCTAssertEqual(book.chapters.map(\.title), ["Ch\u{FFFD}apter"])
    XCTAssertEqual(book.chapters.map(\.filePath), ["A/B\u{0}k"])
  }

  func testAServersNameAndErrorTextAreMadeSafe() throws {
    let server = try decode(ServerInfo.self, #"{"name": "Home\u0000Books", "server_id": "s\u0000"}"#)
    XCTAssertEqual(server.name, "Home\u{FFFD}Books")
    XCTAssertEqual(server.serverID, "s\u{0}")
    let response = HTTPResponse.json(#"{"error": "bad\u0000thing \u202Ehere"}"#, status: 500)
    XCTAssertEqual(
      APIError(response: response), .server(status: 500, message: "\u{2068}bad\u{FFFD}thing \u{202E}here\u{2069}"))
  }
}
