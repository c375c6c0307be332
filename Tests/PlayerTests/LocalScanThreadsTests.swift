import Foundation
import HarkTestSupport
import Player
import XCTest

/// A scan reads on threads of its own (`hark-scan`), never on libdispatch's
/// global pool: its first use arms a once-a-second monitor that would wake
/// Hark for the rest of its life.
final class LocalScanThreadsTests: XCTestCase {
  func testFilesAreReadOnTheScansOwnThreads() async throws {
    let library = try SampleLibrary.load()
    let sample = try XCTUnwrap(library.book("series-1"))
    let mp3 = library.root.appendingPathComponent(sample.files[0].path)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hark-scan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for book in ["A/One", "A/Two", "A/Three"] {
      let folder = root.appendingPathComponent(book)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: mp3, to: folder.appendingPathComponent("01.mp3"))
    }
    let names = NameLog()
    let result = await LocalLibraryScanner(root: root, workers: 2).scan { _ in names.add(threadName()) }
    XCTAssertEqual(result.filesRead, 3)
    XCTAssertEqual(names.all, ["hark-scan"])
  }
}

private final class NameLog: @unchecked Sendable {
  private let lock = NSLock()
  private var names = Set<String>()
  func add(_ name: String) { lock.withLock { _ = names.insert(name) } }
  var all: Set<String> { lock.withLock { names } }
}

private func threadName() -> String {
  let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
  return name.trimmingCharacters(in: .whitespacesAndNewlines)
}
