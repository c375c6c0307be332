import Foundation
import XCTest

@testable import Player

/// A copy into the library folder cut short (Hark killed mid-copy) leaves
/// a hidden `.hark-copying-<UUID>`; the next scan removes exactly that,
/// never anything else, and never a copy still being written.
final class LocalCutShortCopiesTests: XCTestCase {
  private var root: URL!
  private var outside: URL!

  override func setUpWithError() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("hark-cut-short-\(UUID().uuidString)")
    root = base.appendingPathComponent("Library")
    outside = base.appendingPathComponent("Elsewhere")
    for folder in [root!, outside!] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  private func make(_ relPath: String, in folder: URL? = nil, folderToo: Bool = false) throws -> URL {
    let url = (folder ?? root).appendingPathComponent(relPath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("audio".utf8).write(to: url)
    return url
  }

  private func exists(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0
  }

  func testRemovesWhatACopyCutShortLeftAndNothingElse() throws {
    let leftoverFolder = CutShortCopies.prefix + UUID().uuidString
    let leftoverFile = CutShortCopies.prefix + UUID().uuidString
    let halfCopied = try make("\(leftoverFolder)/Book/01.mp3")
    let file = try make(leftoverFile)
    // Look-alikes and everything else stay.
    let kept = try [
      make("Author/Book/01 - Chapter.mp3"),
      make(".hidden-notes.txt"),
      make(CutShortCopies.prefix + "my-own-folder/01.mp3"),
      make(CutShortCopies.prefix + UUID().uuidString + ".mp3"),
      make("Author/" + CutShortCopies.prefix + UUID().uuidString + "/01.mp3"),
      make(String(CutShortCopies.prefix.dropFirst()) + UUID().uuidString),
    ]
    // A leftover name that is a link: the link goes, never what it points at.
    let target = try make("Precious/01.mp3", in: outside)
    let link = root.appendingPathComponent(CutShortCopies.prefix + UUID().uuidString)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.deletingLastPathComponent())

    let cleanup = CutShortCopies.removeLeftovers(in: root.path)

    XCTAssertEqual(Set(cleanup.removed), [leftoverFolder, leftoverFile, link.lastPathComponent])
    XCTAssertEqual(cleanup.failed, [])
    for gone in [halfCopied.deletingLastPathComponent().deletingLastPathComponent(), file, link] {
      XCTAssertFalse(exists(gone), gone.lastPathComponent)
    }
    for url in kept + [target] { XCTAssertTrue(exists(url), url.path) }
  }

  func testLeavesACopyStillBeingWrittenAlone() throws {
    let partial = CutShortCopies.begin(in: root)
    _ = try make("Book/01.mp3", in: partial)
    XCTAssertEqual(CutShortCopies.removeLeftovers(in: root.path).removed, [])
    XCTAssertTrue(exists(partial))
    // Once that copy is over, what it left (had it not renamed it) is a leftover.
    CutShortCopies.finished(partial)
    XCTAssertEqual(CutShortCopies.removeLeftovers(in: root.path).removed, [partial.lastPathComponent])
    XCTAssertFalse(exists(partial))
  }

  func testAMissingFolderIsLeftAlone() {
    let cleanup = CutShortCopies.removeLeftovers(in: root.appendingPathComponent("unplugged").path)
    XCTAssertEqual(cleanup.removed, [])
    XCTAssertEqual(cleanup.failed, [])
  }
}
