import XCTest

@testable import HarkCore

/// The API prefix of `testBase`.
let apiPrefix = "https://books.example.com/api/v1"

/// Checks one sent request: method, exact URL (never with a token), the
/// standard headers and timeout, and the exact JSON body. The server rejects
/// unknown fields, so the body's key set must match, not just its values.
func checkRequest(
  _ request: HTTPRequest?, _ method: String, _ url: String, body expected: [String: Any]? = nil,
  file: StaticString = #filePath, line: UInt = #line
) throws {
  let request = try XCTUnwrap(request, file: file, line: line)
  XCTAssertEqual(request.method, method, file: file, line: line)
  XCTAssertEqual(request.url.absoluteString, url, file: file, line: line)
  XCTAssertFalse(request.url.absoluteString.contains("token="), file: file, line: line)
  XCTAssertEqual(request.headers["Authorization"], "Bearer secret", file: file, line: line)
  XCTAssertEqual(request.headers["Accept"], "application/json", file: file, line: line)
  XCTAssertEqual(request.timeout, .seconds(15), file: file, line: line)
  if let expected {
    XCTAssertEqual(request.headers["Content-Type"], "application/json", file: file, line: line)
    XCTAssertEqual(try sentKeys(request), Set(expected.keys), "body keys", file: file, line: line)
    XCTAssertEqual(try sentBody(request), expected as NSDictionary, file: file, line: line)
  } else {
    XCTAssertNil(request.body, file: file, line: line)
    XCTAssertNil(request.headers["Content-Type"], file: file, line: line)
  }
}
