import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §15 apiUrl: URLSearchParams-style query encoding.
final class FormEncodingTests: XCTestCase {
  func testOnlyTheUnreservedFormCharactersStayLiteral() {
    let table: [(String, String)] = [
      ("Author/Series", "Author%2FSeries"),
      ("A/Book", "A%2FBook"),
      ("two words", "two+words"),
      ("a+b", "a%2Bb"),
      ("AZaz09*-._", "AZaz09*-._"),
      ("~!'()", "%7E%21%27%28%29"),
      ("&=?#%", "%26%3D%3F%23%25"),
      ("Café", "Caf%C3%A9"),
      ("日本", "%E6%97%A5%E6%9C%AC"),
      ("🎧", "%F0%9F%8E%A7"),
      ("", ""),
    ]
    for (input, expected) in table {
      XCTAssertEqual(FormEncoding.escape(input), expected, input)
    }
  }

  func testApiURLKeepsOrderSkipsNilKeepsZeroAndFalse() {
    let url = APIAddress.apiURL(
      base: testBase, "/x", ["a": 1, "b": nil as Int?, "c": nil as String?, "d": "y"])
    XCTAssertEqual(url.absoluteString, "https://books.example.com/api/v1/x?a=1&d=y")

    let kept = APIAddress.apiURL(base: testBase, "/x", ["z": 0, "f": false, "e": ""])
    XCTAssertEqual(kept.absoluteString, "https://books.example.com/api/v1/x?z=0&f=false&e=")
  }

  func testPathParametersEncodeSlashes() {
    let url = APIAddress.apiURL(base: testBase, "/libraries/1/fs", ["path": "Author/Series"])
    XCTAssertEqual(
      url.absoluteString, "https://books.example.com/api/v1/libraries/1/fs?path=Author%2FSeries")
  }

  func testAnEmptyQueryAddsNoQuestionMark() {
    XCTAssertEqual(
      APIAddress.apiURL(base: testBase, "/me").absoluteString, "https://books.example.com/api/v1/me"
    )
    XCTAssertEqual(
      APIAddress.apiURL(base: testBase, "/me", ["a": nil as Int?]).absoluteString,
      "https://books.example.com/api/v1/me")
  }

  func testTrailingSlashesOfTheBaseAreDropped() {
    let client = AudioSiloClient(
      baseURL: URL(string: "https://h//")!, token: nil, transport: FakeTransport())
    XCTAssertEqual(client.baseURL.absoluteString, "https://h")
    XCTAssertEqual(client.apiURL("/server").absoluteString, "https://h/api/v1/server")
  }

  func testABasePathIsKept() {
    let base = URL(string: "https://h.example:8443/audio/")!
    XCTAssertEqual(
      APIAddress.apiURL(base: base, "/me").absoluteString, "https://h.example:8443/audio/api/v1/me")
  }

  func testNumbersPrintLikeJavaScript() {
    XCTAssertEqual(30.0.queryText, "30")
    XCTAssertEqual(12.5.queryText, "12.5")
    XCTAssertEqual((-2.0).queryText, "-2")
    XCTAssertEqual(7.queryText, "7")
    XCTAssertEqual(true.queryText, "true")
  }

  func testUnescapeTurnsPlusIntoSpaceBeforePercentDecoding() {
    XCTAssertEqual(FormEncoding.unescape("a%2Bb+c"), "a+b c")
    XCTAssertEqual(FormEncoding.unescape("Caf%C3%A9"), "Café")
    XCTAssertEqual(FormEncoding.unescape("100%"), "100%", "an invalid escape is kept as it is")
  }
}
