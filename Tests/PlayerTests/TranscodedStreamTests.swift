import Foundation
import XCTest

@testable import Player

/// The `t` of a transcoded stream is set without touching the rest of the
/// query: a book path's `%2B` must not come back as `+` (a space to the server).
final class TranscodedStreamTests: XCTestCase {
  private let source = URL(string: "http://127.0.0.1:8080/api/v1/libraries/1/stream?path=A%2BB%20C%2Fd.m4b&transcode=1&t=0")!

  func testSettingTheStartKeepsTheOtherParametersEncoded() {
    XCTAssertEqual(
      TranscodedStream.uri(source, from: 61),
      "http://127.0.0.1:8080/api/v1/libraries/1/stream?path=A%2BB%20C%2Fd.m4b&transcode=1&t=61")
    XCTAssertEqual(TranscodedStream.start(for: 61.9), 61, "whole seconds, never past the place asked for")
  }

  func testAStreamFromAnyStartIsStillItsSource() {
    XCTAssertTrue(TranscodedStream.isStream(TranscodedStream.uri(source, from: 61), of: source))
    let other = URL(string: "http://127.0.0.1:8080/api/v1/libraries/1/stream?path=A%20B%20C%2Fd.m4b&transcode=1")!
    XCTAssertFalse(TranscodedStream.isStream(TranscodedStream.uri(source, from: 61), of: other), "A+B is not A B")
  }
}
