import Foundation
import Glibc
import HarkCore
import HarkTestSupport
import XCTest

@testable import Player

/// Bad input never stops a scan: it completes, keeps the good books and
/// lists what it left out, in the listener's words.
final class LocalScanBadInputTests: XCTestCase {
  private var root: URL!
  private var goodMP3: URL!

  override func setUpWithError() throws {
    let library = try SampleLibrary.load()
    let sample = try XCTUnwrap(library.book("series-1"))
    goodMP3 = library.root.appendingPathComponent(sample.files[0].path)
    root = FileManager.default.temporaryDirectory.appendingPathComponent("hark-scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    // Put back what a test took away, so the folder can be removed.
    if let enumerator = FileManager.default.enumerator(atPath: root.path) {
      for case let path as String in enumerator { chmod(root.appendingPathComponent(path).path, 0o755) }
    }
    try? FileManager.default.removeItem(at: root)
  }

  private func folder(_ path: String) throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func copyGood(to path: String) throws {
    _ = try folder((path as NSString).deletingLastPathComponent)
    try FileManager.default.copyItem(at: goodMP3, to: root.appendingPathComponent(path))
  }

  private func scan(workers: Int? = nil, progress: @Sendable (LocalScanProgress) -> Void = { _ in }) -> LocalScanResult {
    LocalLibraryScanner(root: root, workers: workers).scanBlocking(progress: progress)
  }

  private func reason(_ result: LocalScanResult, _ path: String) -> String? {
    result.skipped.first { $0.relPath == path }?.reason
  }

  func testBrokenFilesAreSkippedWithAReason() throws {
    try copyGood(to: "Author/Good/01.mp3")
    _ = try folder("Author/Bad")
    XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("Author/Bad/empty.mp3").path, contents: Data()))
    XCTAssertTrue(FileManager.default.createFile(
      atPath: root.appendingPathComponent("Author/Bad/text.mp3").path, contents: Data("Not audio at all.\n".utf8)))
    XCTAssertTrue(FileManager.default.createFile(
      atPath: root.appendingPathComponent("Author/Bad/random.m4b").path,
      contents: Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })))
    // A truncated MP3 still plays as far as it goes: it is a book, shorter.
    let truncated = try Data(contentsOf: goodMP3).prefix(6000)
    _ = try folder("Author/Truncated")
    XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("Author/Truncated/cut.mp3").path, contents: truncated))

    let result = scan()
    XCTAssertEqual(reason(result, "Author/Bad/empty.mp3"), LocalScanSkip.emptyFile)
    XCTAssertEqual(reason(result, "Author/Bad/text.mp3"), LocalScanSkip.notAudio)
    XCTAssertEqual(reason(result, "Author/Bad/random.m4b"), LocalScanSkip.notAudio)
    XCTAssertEqual(result.books.map(\.relPath), ["Author/Good", "Author/Truncated"])
    let cut = try XCTUnwrap(result.books.last)
    XCTAssertGreaterThan(cut.duration, 0)
    XCTAssertLessThan(cut.duration, 8)
  }

  func testASymlinkLoopIsListedOnce() throws {
    try copyGood(to: "Author/Book/01.mp3")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("Author/Book/loop").path, withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("dangling.mp3").path, withDestinationPath: "nowhere.mp3")
    let result = scan()
    XCTAssertEqual(result.books.map(\.relPath), ["Author/Book"])
    XCTAssertEqual(reason(result, "Author/Book/loop"), LocalScanSkip.folderLoop)
    XCTAssertEqual(reason(result, "dangling.mp3"), LocalScanSkip.unreadableFile)
  }

  func testANameThatIsNotUTF8IsSkipped() throws {
    try copyGood(to: "Author/Book/01.mp3")
    let bad = Array(root.appendingPathComponent("Author/Book").path.utf8) + Array("/0\u{2}".utf8).dropLast() + [0xFF, 0xFE]
      + Array(".mp3".utf8) + [0]
    let descriptor = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    close(descriptor)
    let result = scan()
    XCTAssertEqual(result.books.map(\.relPath), ["Author/Book"])
    XCTAssertEqual(result.books.first?.files.count, 1)
    XCTAssertEqual(result.skipped.map(\.reason), [LocalScanSkip.undecodableName])
  }

  func testAFolderHarkMayNotReadIsSkipped() throws {
    try copyGood(to: "Author/Open/01.mp3")
    try copyGood(to: "Author/Closed/01.mp3")
    chmod(root.appendingPathComponent("Author/Closed").path, 0)
    let probe = opendir(root.appendingPathComponent("Author/Closed").path)
    if let probe {
      closedir(probe)
      throw XCTSkip("running as root: permissions do not stop this process")
    }
    let result = scan()
    XCTAssertEqual(result.books.map(\.relPath), ["Author/Open"])
    XCTAssertEqual(reason(result, "Author/Closed"), LocalScanSkip.unreadableFolder)
  }

  func testAFolderThatVanishesMidScan() throws {
    try copyGood(to: "A/First/01.mp3")
    for n in 1...3 { try copyGood(to: "B/Second/0\(n).mp3") }
    let doomed = root.appendingPathComponent("B")
    // One worker reads in path order: A's file, then B's, gone by then.
    let result = scan(workers: 1) { progress in
      if progress.done == 1 { try? FileManager.default.removeItem(at: doomed) }
    }
    XCTAssertEqual(result.books.map(\.relPath), ["A/First"])
    XCTAssertEqual(result.skipped.map(\.reason), Array(repeating: LocalScanSkip.vanished, count: 3))
  }

  func testAMissingLibraryFolderIsReportedNotEmptied() {
    let result = LocalLibraryScanner(root: root.appendingPathComponent("unplugged")).scanBlocking()
    XCTAssertFalse(result.folderAvailable)
    XCTAssertEqual(result.books, [])
    XCTAssertEqual(result.skipped, [LocalScanSkip(relPath: "", reason: LocalScanSkip.missingLibrary)])
  }

  func testAChangedFileIsReadAgainAndOnlyIt() throws {
    try copyGood(to: "A/One/01.mp3")
    try copyGood(to: "A/Two/01.mp3")
    let first = scan()
    XCTAssertEqual(first.filesRead, 2)
    let changed = root.appendingPathComponent("A/Two/01.mp3")
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: changed.path)
    let second = LocalLibraryScanner(root: root).scanBlocking(known: first.tracks)
    XCTAssertEqual(second.filesRead, 1)
    XCTAssertEqual(second.books.map(\.relPath), ["A/One", "A/Two"])
  }
}
