import Foundation
import Glibc
import HarkCore
import Networking
import XCTest

/// The download engine over real HTTP to the test server, asserting on the
/// real filesystem: whole files arrive byte for byte, a cut connection
/// resumes from the bytes on disk, a file changed on the server restarts
/// instead of being spliced, errors keep or remove the partial file as the
/// listener needs, and the token only ever travels in a header.
final class FileDownloaderTests: XCTestCase {
  nonisolated(unsafe) private static var harness: DownloadHarness!
  private var h: DownloadHarness { Self.harness }
  private let downloader = FileDownloader(userAgent: "Hark-download-tests")
  private var scratch: URL!

  override class func setUp() {
    super.setUp()
    harness = try! DownloadHarness()
  }

  override class func tearDown() {
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

  private func download(
    _ path: String, to file: URL, expectedSize: Int64?, validator: String?, record: DownloadRecord = DownloadRecord(),
    with downloader: FileDownloader? = nil
  ) async throws -> Result<DownloadedFile, DownloadFailure> {
    await Self.download(
      try await h.request(path), with: downloader ?? self.downloader, to: file, expectedSize: expectedSize,
      validator: validator, record: record)
  }

  /// One call of the downloader, its failure as a value.
  private static func download(
    _ request: HTTPRequest, with downloader: FileDownloader, to file: URL, expectedSize: Int64?, validator: String?,
    record: DownloadRecord
  ) async -> Result<DownloadedFile, DownloadFailure> {
    do throws(DownloadFailure) {
      return .success(
        try await downloader.download(
          request, to: file, expectedSize: expectedSize, validator: validator, onProgress: record.onProgress,
          onValidator: record.onValidator))
    } catch {
      return .failure(error)
    }
  }

  private func contents(_ file: URL) -> Data? { FileManager.default.contents(atPath: file.path) }

  private func dropAfter(_ bytes: Int) async throws {
    try await h.client.fault(
      #"{"path_prefix": "/api/v1/libraries/2/stream", "drop_after_bytes": \#(bytes), "count": 1}"#)
  }

  // MARK: Whole files

  func testAWholeFileArrivesByteIdenticalInNewFoldersWithProgressEndingAtItsSize() async throws {
    let data = noise(6 << 20, seed: 1)
    try h.put(data, at: "Author/Whole/01.mp3")
    let file = scratch.appendingPathComponent("server-x/book-y/000-z.mp3")
    let record = DownloadRecord()

    let result = try await download(
      "Author/Whole/01.mp3", to: file, expectedSize: Int64(data.count), validator: nil, record: record)

    let done = try result.get()
    XCTAssertEqual(done.bytes, Int64(data.count))
    XCTAssertTrue(contents(file) == data, "byte-identical")
    XCTAssertEqual(record.progress.last, Int64(data.count))
    XCTAssertEqual(record.progress, record.progress.sorted(), "progress never goes back")
    let validator = try XCTUnwrap(done.validator, "an old file's Last-Modified is a strong validator")
    XCTAssertTrue(validator.hasSuffix(" GMT"), validator)
    XCTAssertEqual(record.validators, [validator], "told before the first byte")
  }

  func testTheTokenTravelsInTheAuthorizationHeaderNeverInTheURL() async throws {
    try h.put(noise(4096, seed: 2), at: "Author/Token/01.mp3")
    let since = try await h.client.lastSeq()

    _ = try await download("Author/Token/01.mp3", to: scratch.appendingPathComponent("a"), expectedSize: nil, validator: nil)
      .get()

    let seen = try await XCTUnwrapAsync(try await h.streams(since: since).last)
    XCTAssertEqual(seen.authorization, "present")
    XCTAssertFalse(seen.query.contains("token"), seen.query)
    XCTAssertEqual(seen.params["download"], "1")
    XCTAssertNil(seen.headers["Accept-Encoding"], "bytes as stored: nothing to decode, ranges are file ranges")
  }

  func testAFileAlreadyWholeOnDiskIsDoneWithoutFetchingItAgain() async throws {
    let data = noise(1 << 20, seed: 3)
    try h.put(data, at: "Author/Done/01.mp3")
    let file = scratch.appendingPathComponent("done.mp3")
    let first = try await download("Author/Done/01.mp3", to: file, expectedSize: Int64(data.count), validator: nil).get()
    let since = try await h.client.lastSeq()

    let again = try await download(
      "Author/Done/01.mp3", to: file, expectedSize: Int64(data.count), validator: first.validator
    ).get()

    XCTAssertEqual(again, first)
    XCTAssertTrue(contents(file) == data)
    let seen = try await h.streams(since: since)
    XCTAssertEqual(seen.map(\.status), [416], "asked only for the bytes after the end")
    XCTAssertEqual(seen.first?.headers["Range"], "bytes=\(data.count)-")
  }

  // MARK: Resuming

  func testACutConnectionLeavesThePartialBytesAndTheNextCallResumesFromThem() async throws {
    let data = noise(8 << 20, seed: 4)
    try h.put(data, at: "Author/Cut/01.mp3")
    let file = scratch.appendingPathComponent("cut.mp3")
    try await dropAfter(3 << 20)
    let record = DownloadRecord()

    let cut = try await download(
      "Author/Cut/01.mp3", to: file, expectedSize: Int64(data.count), validator: nil, record: record)

    guard case .failure(.network) = cut else { return XCTFail("expected a network failure, got \(cut)") }
    let partial = try XCTUnwrap(contents(file))
    XCTAssertGreaterThan(partial.count, 0)
    XCTAssertLessThan(partial.count, data.count)
    XCTAssertTrue(partial == data.prefix(partial.count), "what is on disk is the file's beginning")
    let validator = try XCTUnwrap(record.validators.last ?? nil, "the validator came before the cut")
    let since = try await h.client.lastSeq()

    let resumed = try await download(
      "Author/Cut/01.mp3", to: file, expectedSize: Int64(data.count), validator: validator)

    XCTAssertEqual(try? resumed.get().bytes, Int64(data.count))
    XCTAssertTrue(contents(file) == data, "byte-identical after the resume")
    let seen = try await XCTUnwrapAsync(try await h.streams(since: since).first)
    XCTAssertEqual(seen.headers["Range"], "bytes=\(partial.count)-")
    XCTAssertEqual(seen.headers["If-Range"], validator)
    XCTAssertEqual(seen.status, 206)
  }

  func testAFileChangedOnTheServerUnderAResumeRestartsFromZeroAndIsNeverSpliced() async throws {
    let old = noise(4 << 20, seed: 5)
    try h.put(old, at: "Author/Changed/01.mp3", age: 7200)
    let file = scratch.appendingPathComponent("changed.mp3")
    try await dropAfter(1 << 20)
    let record = DownloadRecord()
    guard case .failure(.network) = try await download(
      "Author/Changed/01.mp3", to: file, expectedSize: nil, validator: nil, record: record)
    else { return XCTFail("the first attempt should be cut") }
    let partial = try XCTUnwrap(contents(file)).count
    XCTAssertGreaterThan(partial, 0)
    // Same size, new bytes, a new date: only the validator can tell.
    let new = noise(old.count, seed: 6)
    try h.put(new, at: "Author/Changed/01.mp3", age: 60)
    let since = try await h.client.lastSeq()

    let result = try await download(
      "Author/Changed/01.mp3", to: file, expectedSize: Int64(new.count), validator: record.validators.last ?? nil)

    XCTAssertEqual(try? result.get().bytes, Int64(new.count))
    XCTAssertTrue(contents(file) == new, "the new file, whole, with nothing of the old one")
    XCTAssertNotEqual(try? result.get().validator, record.validators.last ?? nil, "the new version's validator")
    let seen = try await XCTUnwrapAsync(try await h.streams(since: since).first)
    XCTAssertEqual(seen.headers["Range"], "bytes=\(partial)-", "a resume was asked for…")
    XCTAssertEqual(seen.status, 200, "…and the server sent the whole new file instead")
  }

  func testWithoutAValidatorTheBytesOnDiskAreNotTrustedAndTheDownloadStartsOver() async throws {
    // Modified this very second: Last-Modified is a weak validator (RFC 9110
    // 8.8.2.2), a second change within the second would keep the date.
    let data = noise(2 << 20, seed: 7)
    try h.put(data, at: "Author/Fresh/01.mp3", age: 0)
    let file = scratch.appendingPathComponent("fresh.mp3")
    try await dropAfter(1 << 20)
    let record = DownloadRecord()
    _ = try await download("Author/Fresh/01.mp3", to: file, expectedSize: nil, validator: nil, record: record)
    XCTAssertEqual(record.validators, [nil], "a date within the second of the answer is no validator")
    XCTAssertGreaterThan(try XCTUnwrap(contents(file)).count, 0)
    let since = try await h.client.lastSeq()

    let result = try await download("Author/Fresh/01.mp3", to: file, expectedSize: nil, validator: nil)

    XCTAssertEqual(try? result.get().bytes, Int64(data.count))
    XCTAssertTrue(contents(file) == data)
    let seen = try await XCTUnwrapAsync(try await h.streams(since: since).first)
    XCTAssertNil(seen.headers["Range"])
    XCTAssertEqual(seen.status, 200)
  }

  // MARK: Failures

  func testServerErrorsAreReportedAndKeepThePartialFileAsItWas() async throws {
    try h.put(noise(1 << 20, seed: 8), at: "Author/Errors/01.mp3")
    let file = scratch.appendingPathComponent("errors.mp3")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let partial = Data("earlier bytes".utf8)
    try partial.write(to: file)
    try await h.client.fault(#"{"path_prefix": "/api/v1/libraries/2/stream", "status": 500, "count": 1}"#)

    let failed = try await download("Author/Errors/01.mp3", to: file, expectedSize: nil, validator: "x")

    XCTAssertEqual(failed, .failure(.server(status: 500)))
    XCTAssertEqual(contents(file), partial)

    let missing = scratch.appendingPathComponent("missing/none.mp3")
    let notFound = try await download("Author/Errors/none.mp3", to: missing, expectedSize: nil, validator: nil)
    XCTAssertEqual(notFound, .failure(.server(status: 404)))
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path), "nothing is written for a 404")
  }

  func testAServerWhoseSizeIsNotTheExpectedOneIsAMismatch() async throws {
    let data = noise(1 << 20, seed: 9)
    try h.put(data, at: "Author/Size/01.mp3")
    let file = scratch.appendingPathComponent("size.mp3")

    let result = try await download("Author/Size/01.mp3", to: file, expectedSize: Int64(data.count) + 1, validator: nil)

    XCTAssertEqual(result, .failure(.sizeMismatch(expected: Int64(data.count) + 1, received: Int64(data.count))))
  }

  func testAStalledServerIsANetworkFailureNotAHang() async throws {
    try h.put(noise(4096, seed: 10), at: "Author/Stall/01.mp3")
    try await h.client.fault(#"{"path_prefix": "/api/v1/libraries/2/stream", "delay_ms": 5000, "count": 1}"#)
    let impatient = FileDownloader(userAgent: "Hark-download-tests", stallTimeout: .seconds(1))
    let started = ContinuousClock.now

    let result = try await download(
      "Author/Stall/01.mp3", to: scratch.appendingPathComponent("stall"), expectedSize: nil, validator: nil,
      with: impatient)

    guard case .failure(.network) = result else { return XCTFail("expected a network failure, got \(result)") }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "the stall timeout, not the server's delay")
  }

  func testCancellingTheTaskStopsPromptlyKeepsTheBytesAndTheFileResumes() async throws {
    // A sparse gigabyte: too big to finish before the cancel lands.
    let size: Int64 = 1 << 30
    try h.putSparse(size: size, at: "Author/Cancel/01.mp3")
    let file = scratch.appendingPathComponent("cancel.mp3")
    let record = DownloadRecord()
    let request = try await h.request("Author/Cancel/01.mp3")
    let downloader = self.downloader
    let task = Task {
      await FileDownloaderTests.download(request, with: downloader, to: file, expectedSize: size, validator: nil, record: record)
    }
    while (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64) ?? 0 < 4 << 20 {
      try await Task.sleep(for: .milliseconds(2))
    }
    let cancelledAt = ContinuousClock.now

    task.cancel()
    let result = await task.value

    XCTAssertEqual(result, .failure(.cancelled))
    XCTAssertLessThan(ContinuousClock.now - cancelledAt, .seconds(1), "promptly")
    let kept = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64)
    XCTAssertGreaterThanOrEqual(kept, 4 << 20)
    XCTAssertLessThan(kept, size)
    XCTAssertEqual(record.progress.last, kept, "the last report is what is on disk")

    // Resumable: the next call asks for the rest (and is stopped as soon as
    // the server agrees, to spare a gigabyte).
    let since = try await h.client.lastSeq()
    let validator = try XCTUnwrap(record.validators.last ?? nil)
    let resumed = DownloadRecord()
    let again = Task {
      await FileDownloaderTests.download(request, with: downloader, to: file, expectedSize: size, validator: validator, record: resumed)
    }
    while resumed.validators.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
    again.cancel()
    let againResult = await again.value
    XCTAssertEqual(againResult, .failure(.cancelled))
    // The server logs the status once it stops writing the answer.
    var seen = try await XCTUnwrapAsync(try await h.streams(since: since).first)
    for _ in 0..<250 where seen.status == nil {
      try await Task.sleep(for: .milliseconds(20))
      seen = try await XCTUnwrapAsync(try await h.streams(since: since).first)
    }
    XCTAssertEqual(seen.headers["Range"], "bytes=\(kept)-")
    XCTAssertEqual(seen.status, 206)
    let grown = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64)
    XCTAssertGreaterThanOrEqual(grown, kept, "the resume appended to the bytes kept")
  }

  func testAFullDiskIsReportedAndOnlyThisPartialFileIsRemoved() async throws {
    guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
    let disk = scratch.appendingPathComponent("small-disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    guard run("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.path) == 0 else {
      throw XCTSkip("this machine does not allow mounting a tmpfs")
    }
    defer { _ = run("/bin/umount", disk.path) }
    let neighbour = disk.appendingPathComponent("book/000-other.mp3")
    try FileManager.default.createDirectory(at: neighbour.deletingLastPathComponent(), withIntermediateDirectories: true)
    let neighbourBytes = noise(256 << 10, seed: 11)
    try neighbourBytes.write(to: neighbour)
    let data = noise(4 << 20, seed: 12)
    try h.put(data, at: "Author/Full/01.mp3")
    let file = disk.appendingPathComponent("book/001-this.mp3")

    let result = try await download("Author/Full/01.mp3", to: file, expectedSize: Int64(data.count), validator: nil)

    XCTAssertEqual(result, .failure(.diskFull))
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "the partial file is removed")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: neighbour.deletingLastPathComponent().path), ["000-other.mp3"])
    XCTAssertTrue(contents(neighbour) == neighbourBytes, "nothing else is touched")
  }

  private func run(_ tool: String, _ arguments: String...) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// `XCTUnwrap` for a value fetched with `await` (XCTest's autoclosures cannot await).
private func XCTUnwrapAsync<T>(
  _ value: @autoclosure () async throws -> T?, file: StaticString = #filePath, line: UInt = #line
) async throws -> T {
  let unwrapped = try await value()
  return try XCTUnwrap(unwrapped, file: file, line: line)
}
