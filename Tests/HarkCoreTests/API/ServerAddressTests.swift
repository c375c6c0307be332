import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §14 normalizeUrl. Nil stands for the reference's "".
final class ServerAddressTests: XCTestCase {
  func testTheReferenceExamples() {
    let table: [(String, String?)] = [
      ("books.example.com", "https://books.example.com"),
      ("http://192.168.1.5:8080", "http://192.168.1.5:8080"),
      ("  https://books.example.com//  ", "https://books.example.com"),
      ("   ", nil),
      ("", nil),
      ("not a valid host", nil),
      ("https://", nil),
    ]
    for (input, expected) in table {
      XCTAssertEqual(ServerAddress.normalize(input)?.absoluteString, expected, "«\(input)»")
    }
  }

  func testWhatwgEffects() {
    let table: [(String, String?)] = [
      ("HTTPS://Books.Example.COM", "https://books.example.com"),
      ("https://books.example.com:443", "https://books.example.com"),
      ("http://books.example.com:80/", "http://books.example.com"),
      ("http://books.example.com:443", "http://books.example.com:443"),
      ("https://books.example.com/audio/?x=1#frag", "https://books.example.com/audio"),
      ("https://books.example.com/my books", "https://books.example.com/my%20books"),
      ("https://user:pw@books.example.com/a", "https://books.example.com/a"),
      ("localhost:8080", "https://localhost:8080"),
      ("[::1]:8443", "https://[::1]:8443"),
      ("https://bücher.example", "https://xn--bcher-kva.example"),
      ("https://h:99999", nil),
      ("https://h:port", nil),
      ("https://:8080", nil),
    ]
    for (input, expected) in table {
      XCTAssertEqual(ServerAddress.normalize(input)?.absoluteString, expected, "«\(input)»")
    }
  }

  /// Deliberate difference: the reference turns "ftp://h" into "https://ftp//h".
  /// A typed non-http scheme is a mistake to reject, not a host to guess.
  func testOtherSchemesAreRejected() {
    XCTAssertNil(ServerAddress.normalize("ftp://h"))
    XCTAssertNil(ServerAddress.normalize("audiosilo://connect"))
    XCTAssertNil(ServerAddress.normalize("file:///etc"))
  }
}
