import Foundation
import HarkCore
import HarkTestSupport
import Networking
import XCTest

/// Media may move: a download follows redirects, but the token stays with
/// its own server (libsoup drops `Authorization` when a redirect leaves the
/// origin, as for every request Hark sends).
final class FileDownloaderRedirectTests: XCTestCase {
  nonisolated(unsafe) private static var harness: DownloadHarness!
  nonisolated(unsafe) private static var elsewhere: TestServer!
  private var h: DownloadHarness { Self.harness }
  private let downloader = FileDownloader(userAgent: "Hark-download-tests")
  private var scratch: URL!

  override class func setUp() {
    super.setUp()
    harness = try! DownloadHarness()
    elsewhere = try! TestServer.start(library: harness.client.library)
  }

  override class func tearDown() {
    elsewhere.stop()
    harness.stop()
    super.tearDown()
  }

  override func setUp() async throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hark-downloads-\(UUID())")
  }

  override func tearDown() async throws {
    try await h.client.clearFaults()
    try? FileManager.default.removeItem(at: scratch)
  }

  private func redirect(to location: String) async throws {
    try await h.client.fault(
      #"{"path_prefix": "/api/v1/libraries/2/stream", "status": 302, "headers": {"Location": "\#(location)"}, "body": "", "count": 1}"#)
  }

  func testARedirectWithinTheServerIsFollowedWithTheToken() async throws {
    let data = noise(256 << 10, seed: 21)
    try h.put(data, at: "Author/Moved/new.mp3")
    try h.put(noise(16, seed: 22), at: "Author/Moved/old.mp3")
    let target = try await h.request("Author/Moved/new.mp3").url.absoluteString
    try await redirect(to: target)
    let file = scratch.appendingPathComponent("moved.mp3")

    let done = try await downloader.download(
      try await h.request("Author/Moved/old.mp3"), to: file, expectedSize: Int64(data.count), validator: nil
    ) { _ in }

    XCTAssertEqual(done.bytes, Int64(data.count))
    XCTAssertTrue(FileManager.default.contents(atPath: file.path) == data)
  }

  func testARedirectToAnotherOriginLeavesTheTokenBehind() async throws {
    try h.put(noise(16, seed: 23), at: "Author/Away/01.mp3")
    let book = try XCTUnwrap(h.client.library.books.first)
    let moved = try await h.request("Author/Away/01.mp3").url.absoluteString
      .replacingOccurrences(of: h.client.baseURL.absoluteString, with: Self.elsewhere.baseURL.absoluteString)
      .replacingOccurrences(of: "/libraries/2/", with: "/libraries/1/")
      .replacingOccurrences(of: "Author/Away/01.mp3", with: book.files[0].path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    try await redirect(to: moved)

    let request = try await h.request("Author/Away/01.mp3")
    var failure: DownloadFailure?
    do throws(DownloadFailure) {
      _ = try await downloader.download(
        request, to: scratch.appendingPathComponent("away"), expectedSize: nil,
        validator: nil
      ) { _ in }
    } catch {
      failure = error
    }

    XCTAssertEqual(failure, .server(status: 401), "the other origin got no token, so it refused")
    let url = try XCTUnwrap(URL(string: Self.elsewhere.controlURL.absoluteString + "/requests"))
    let response = try await h.client.transport.send(HTTPRequest(method: "GET", url: url))
    struct Log: Decodable { let requests: [LoggedRequest] }
    let followed = try XCTUnwrap(try JSONDecoder().decode(Log.self, from: response.body).requests.last)
    XCTAssertEqual(followed.path, "/api/v1/libraries/1/stream", "the redirect was followed")
    XCTAssertEqual(followed.authorization, "absent", "the token stayed with its server")
    XCTAssertFalse(followed.query.contains("token"))
  }
}
