import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §14 parsePairingScan, plus invite links.
final class PairingLinkTests: XCTestCase {
  private func pairing(_ base: String, _ token: String) -> PairingLink {
    .pairing(base: URL(string: base)!, token: token)
  }

  func testCustomSchemeLinks() {
    XCTAssertEqual(
      PairingLink.parse("audiosilo://connect?server=https%3A%2F%2Fbooks.example.com&token=abc123"),
      pairing("https://books.example.com", "abc123"))
    XCTAssertEqual(
      PairingLink.parse("  AUDIOSILO://connect?token=t&server=books.example.com%2F  "),
      pairing("https://books.example.com", "t"), "case-insensitive scheme, server normalised")
    XCTAssertNil(PairingLink.parse("audiosilo://connect?token=abc"), "no server")
    XCTAssertNil(
      PairingLink.parse("audiosilo://connect?server=https%3A%2F%2F&token=abc"), "empty host")
    XCTAssertNil(PairingLink.parse("audiosilo://connect?server=h.example"), "no token")
    XCTAssertNil(PairingLink.parse("audiosilo://connect?server=h.example&token="), "empty token")
  }

  func testWebConnectLinks() {
    XCTAssertEqual(
      PairingLink.parse("https://books.example.com:8443/web/connect?token=abc123"),
      pairing("https://books.example.com:8443", "abc123"))
    XCTAssertEqual(
      PairingLink.parse("https://h.example/audio/web/connect/?token=abc"),
      pairing("https://h.example/audio", "abc"), "base path kept, trailing slash allowed")
    XCTAssertEqual(
      PairingLink.parse("HTTPS://H.example/WEB/CONNECT?token=abc"),
      pairing("https://h.example", "abc"), "suffix matched case-insensitively")
    XCTAssertEqual(
      PairingLink.parse("http://192.168.1.5:8080/web/connect?token=abc"),
      pairing("http://192.168.1.5:8080", "abc"))
    XCTAssertNil(PairingLink.parse("https://h.example/web/connect"), "no token")
    XCTAssertNil(PairingLink.parse("https:///web/connect?token=abc"), "empty base")
  }

  func testValuesAreFormDecodedPlusFirst() {
    XCTAssertEqual(
      PairingLink.parse("https://h.example/web/connect?token=a%2Bb+c"),
      pairing("https://h.example", "a+b c"))
  }

  func testTheQueryEndsAtTheSecondQuestionMark() {
    XCTAssertEqual(
      PairingLink.parse("https://h.example/web/connect?token=abc?token=zzz"),
      pairing("https://h.example", "abc"))
  }

  func testTheFirstOccurrenceOfAKeyWins() {
    XCTAssertEqual(
      PairingLink.parse("https://h.example/web/connect?token=one&token=two"),
      pairing("https://h.example", "one"))
  }

  /// Deliberate difference: the reference reads "abc#x" as the token.
  func testTheQueryEndsAtTheFragment() {
    XCTAssertEqual(
      PairingLink.parse("https://h.example/web/connect?token=abc#x"),
      pairing("https://h.example", "abc"))
  }

  func testNonLinksAreRejected() {
    for text in [
      "", "   ", "9M4K-P2TQ-WX7V-3RHD", "books.example.com/web/connect?token=abc",
      "ftp://h/web/connect?token=a",
    ] {
      XCTAssertNil(PairingLink.parse(text), text)
    }
  }

  func testInviteLinksCarryTheCodeInTheFragment() {
    XCTAssertEqual(
      PairingLink.parse("https://books.example.com/connect#code=9M4K-P2TQ-WX7V-3RHD"),
      .invite(base: testBase, code: "9M4K-P2TQ-WX7V-3RHD"))
    XCTAssertEqual(
      PairingLink.parse("https://h.example:8443/audio/connect/#code=AB+CD"),
      .invite(base: URL(string: "https://h.example:8443/audio")!, code: "AB CD"))
    XCTAssertNil(PairingLink.parse("https://h.example/connect#code="), "empty code")
    XCTAssertNil(PairingLink.parse("https://h.example/connect"), "no code")
    XCTAssertNil(PairingLink.parse("https://h.example/elsewhere#code=X"), "not a connect link")
  }

  func testATokenWinsOverACode() {
    XCTAssertEqual(
      PairingLink.parse("https://h.example/web/connect?token=t#code=X"),
      pairing("https://h.example", "t"))
  }

  func testDescriptionNeverShowsTheSecret() {
    let link = pairing("https://h.example", "very-secret")
    XCTAssertFalse(link.description.contains("very-secret"))
    XCTAssertEqual(link.base.absoluteString, "https://h.example")
  }
}
