import HarkCore
import XCTest

@testable import Networking

/// How the downloader reads an answer against the bytes on disk, for the
/// answers the test server never gives (a wrong range, a weak date).
final class DownloadAnswerTests: XCTestCase {
  private let date = "Thu, 26 Nov 2026 10:00:00 GMT"
  private let later = "Thu, 26 Nov 2026 10:00:05 GMT"

  private func read(
    _ status: Int, _ headers: [String: String], from: Int64? = 100, expected: Int64? = 1000
  ) -> DownloadAnswer {
    DownloadAnswer.read(
      status: status, headers: headers, resumedFrom: from, expectedSize: expected, sentValidator: from.map { _ in date })
  }

  func testA206FromTheByteAskedAppends() {
    XCTAssertEqual(
      read(206, ["content-range": "bytes 100-999/1000", "last-modified": date, "date": later]),
      .write(offset: 100, total: 1000, validator: date))
  }

  func testA206FromAnotherByteOrShortOfTheEndIsNeverAppended() {
    for range in ["bytes 0-999/1000", "bytes 101-999/1000", "bytes 100-500/1000", "bytes */1000", "nonsense"] {
      guard case .failed(.network, discardPartial: true) = read(206, ["content-range": range]) else {
        return XCTFail("\(range) must not be appended")
      }
    }
    guard case .failed(_, discardPartial: true) = read(206, ["content-range": "bytes 0-999/1000"], from: nil) else {
      return XCTFail("a 206 to a request without Range")
    }
  }

  func testA200StartsOverAndAWrongSizeStopsBeforeAnyByte() {
    XCTAssertEqual(read(200, ["content-length": "1000"]), .write(offset: 0, total: 1000, validator: nil))
    XCTAssertEqual(
      read(200, ["content-length": "999"]), .failed(.sizeMismatch(expected: 1000, received: 999), discardPartial: false))
    XCTAssertEqual(read(200, [:], expected: 0), .write(offset: 0, total: nil, validator: nil), "0 means unknown")
  }

  func testA416IsDoneOnlyWhenTheFileOnDiskIsWhole() {
    XCTAssertEqual(read(416, ["content-range": "bytes */1000"], from: 1000), .complete(validator: date))
    XCTAssertEqual(read(416, [:], from: 1000), .complete(validator: date), "the expected size vouches")
    XCTAssertEqual(
      read(416, ["content-range": "bytes */900"], from: 1000),
      .failed(.sizeMismatch(expected: 900, received: 1000), discardPartial: true))
    XCTAssertEqual(
      read(416, ["content-range": "bytes */1000"], from: 1000, expected: 1200),
      .failed(.sizeMismatch(expected: 1000, received: 1000), discardPartial: true))
  }

  func testOtherStatusesAreTheServers() {
    XCTAssertEqual(read(503, [:]), .failed(.server(status: 503), discardPartial: false))
    XCTAssertEqual(read(302, [:]), .failed(.server(status: 302), discardPartial: false))
  }

  func testOnlyStrongValidatorsAreKept() {
    XCTAssertEqual(DownloadValidator.of(["etag": "\"abc\"", "last-modified": date]), "\"abc\"")
    XCTAssertEqual(DownloadValidator.of(["etag": "W/\"abc\"", "last-modified": date, "date": later]), date)
    XCTAssertNil(DownloadValidator.of(["last-modified": date, "date": date]), "changed within the second of the answer")
    XCTAssertNil(DownloadValidator.of(["last-modified": date]), "no Date to prove it strong")
    XCTAssertNil(DownloadValidator.of(["last-modified": "yesterday", "date": later]))
  }
}
