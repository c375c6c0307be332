import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// A folder's first scan hands over its books as they are found, a batch
/// at a time, each book only once every file of it is read.
final class LocalScanBatchesTests: XCTestCase {
  func testBooksComeInBatchesWholeBeforeTheScanEnds() async throws {
    let library = try SampleLibrary.load()
    let sample = try XCTUnwrap(library.book("series-1"))
    let mp3 = library.root.appendingPathComponent(sample.files[0].path)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hark-scan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = ["A/One/01.mp3", "A/Two/01.mp3", "A/Two/02.mp3", "A/Three/01.mp3", "A/Four/01.mp3"]
    for file in files {
      let target = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: mp3, to: target)
    }
    let batches = BatchLog()
    // One thread, a batch after every file: the order is the scan's own.
    let scanner = LocalLibraryScanner(root: root, workers: 1, foundInterval: .zero)
    let result = await scanner.scan(found: { batches.add($0.books) })
    XCTAssertEqual(result.books.count, 4)
    let seen = batches.all
    XCTAssertFalse(seen.isEmpty, "no batch before the scan's end")
    XCTAssertLessThan(seen[0].count, 4)
    XCTAssertEqual(seen.map(\.count), seen.map(\.count).sorted())
    for batch in seen {
      for book in batch {
        // Whole: exactly the book the finished scan has (A/Two with both files).
        XCTAssertEqual(book, result.books.first { $0.relPath == book.relPath })
      }
    }
  }
}

private final class BatchLog: @unchecked Sendable {
  private let lock = NSLock()
  private var batches: [[Book]] = []
  func add(_ books: [Book]) { lock.withLock { batches.append(books) } }
  var all: [[Book]] { lock.withLock { batches } }
}
