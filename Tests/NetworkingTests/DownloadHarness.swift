import Foundation
import Glibc
import HarkCore
import Networking
import Synchronization
import XCTest

/// The test server of `FileDownloaderTests` with a second library the tests
/// own (library 2): they write, rewrite and date its audio files at will.
final class DownloadHarness: Sendable {
  let client: ClientHarness
  /// Library 2's root: files put here are served at once (`stream` needs no index).
  let libraryRoot: URL
  private let session = Mutex<String?>(nil)

  init() throws {
    libraryRoot = FileManager.default.temporaryDirectory.appendingPathComponent("hark-download-library-\(UUID())")
    try FileManager.default.createDirectory(at: libraryRoot, withIntermediateDirectories: true)
    client = try ClientHarness(arguments: ["--rate", "1000", "--burst", "1000", "--library", libraryRoot.path])
  }

  func stop() {
    client.stop()
    try? FileManager.default.removeItem(at: libraryRoot)
  }

  /// Writes `data` as library 2's `path`, dated `age` seconds ago (a library
  /// file is old; a date in the last second is not a strong validator).
  func put(_ data: Data, at path: String, age: TimeInterval = 3600) throws {
    let url = libraryRoot.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
  }

  /// A sparse file of `size` zero bytes: big without costing disk or time.
  func putSparse(size: Int64, at path: String) throws {
    let url = libraryRoot.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    XCTAssertEqual(ftruncate(descriptor, off_t(size)), 0)
    close(descriptor)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: url.path)
  }

  /// The listener's stream request for library 2's `path`, as the app builds it.
  func request(_ path: String) async throws -> HTTPRequest {
    let token: String
    if let known = session.withLock({ $0 }) {
      token = known
    } else {
      token = try await client.token()
      session.withLock { $0 = token }
    }
    return client.client(token: token).streamRequest(libraryID: 2, path: path, download: true)
  }

  /// The stream requests the server saw after `since`.
  func streams(since: Int) async throws -> [LoggedRequest] {
    try await client.requests(since: since).filter { $0.path == "/api/v1/libraries/2/stream" }
  }
}

/// `count` bytes of a seeded pseudo-random sequence: distinct seeds give
/// files that differ everywhere, so a splice shows.
func noise(_ count: Int, seed: UInt64) -> Data {
  var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
  var data = Data(count: count)
  data.withUnsafeMutableBytes { raw in
    let words = raw.bindMemory(to: UInt64.self)
    for index in words.indices {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      words[index] = state
    }
  }
  return data
}

/// What one download reported along the way.
final class DownloadRecord: Sendable {
  private let progressReports = Mutex<[Int64]>([])
  private let validatorReports = Mutex<[String?]>([])

  var progress: [Int64] { progressReports.withLock { $0 } }
  var validators: [String?] { validatorReports.withLock { $0 } }

  var onProgress: @Sendable (Int64) -> Void { { [self] bytes in progressReports.withLock { $0.append(bytes) } } }
  var onValidator: @Sendable (String?) -> Void { { [self] tag in validatorReports.withLock { $0.append(tag) } } }
}
